import type { Database } from '../../db/db';

/** The plan module owns executives and referrals; contract items come from the contracts service. */
export class PlanRepository {
  constructor(private readonly db: Database) {}

  async referrals(nCtrId: number): Promise<Array<{ inDebit: boolean }>> {
    return this.db.selectFrom('referrals').select('in_debit as inDebit').where('referrer_n_ctr_id', '=', nCtrId).execute();
  }

  async executive(slpCode: number): Promise<{ nome: string; telefone: string } | null> {
    return (await this.db.selectFrom('executives').select(['nome', 'telefone']).where('slp_code', '=', slpCode).executeTakeFirst()) ?? null;
  }
}
