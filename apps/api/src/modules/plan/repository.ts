import type { Database } from '../../db/db';

/**
 * The plan module owns executives and referrals. It reads contract items (with the sub-items' required flag)
 * and the contract holder's name and document read-only, for the coverages and the contract PDFs.
 */
export class PlanRepository {
  constructor(private readonly db: Database) {}

  /** Items with their sub-items' required flag (obrigatorio), in contract order. */
  async coverageItems(nCtrId: number) {
    const rows = await this.db
      .selectFrom('contract_items as i')
      .leftJoin('contract_sub_items as s', 's.item_id', 'i.id')
      .select(['i.id', 'i.name', 'i.price_cents as price', 's.name as sub_name', 's.required'])
      .where('i.n_ctr_id', '=', nCtrId)
      .orderBy('i.id')
      .orderBy('s.id')
      .execute();
    const byId = new Map<number, { name: string; price: number; subItems: Array<{ name: string; required: boolean }> }>();
    for (const r of rows) {
      let item = byId.get(r.id);
      if (!item) byId.set(r.id, (item = { name: r.name, price: r.price, subItems: [] }));
      if (r.sub_name) item.subItems.push({ name: r.sub_name, required: r.required ?? false });
    }
    return [...byId.values()];
  }

  async referrals(nCtrId: number): Promise<Array<{ inDebit: boolean }>> {
    return this.db.selectFrom('referrals').select('in_debit as inDebit').where('referrer_n_ctr_id', '=', nCtrId).execute();
  }

  async executive(slpCode: number): Promise<{ nome: string; telefone: string } | null> {
    return (await this.db.selectFrom('executives').select(['nome', 'telefone']).where('slp_code', '=', slpCode).executeTakeFirst()) ?? null;
  }
}
