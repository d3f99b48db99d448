import type { Db } from '../../db/db';

export interface CoverageItemRow {
  id: number;
  name: string;
  price: number;
  sub_name: string | null;
  required: boolean | null;
}

export class PlanRepository {
  constructor(private readonly db: Db) {}

  /** Items with their sub-items' required flag (obrigatorio), in contract order. */
  async coverageItems(nCtrId: number) {
    const rows = await this.db.query<CoverageItemRow>(
      `SELECT i.id, i.name, i.price_cents AS price, s.name AS sub_name, s.required
         FROM contract_items i LEFT JOIN contract_sub_items s ON s.item_id = i.id
        WHERE i.n_ctr_id = $1 ORDER BY i.id, s.id`,
      [nCtrId],
    );
    const byId = new Map<number, { name: string; price: number; subItems: Array<{ name: string; required: boolean }> }>();
    for (const r of rows) {
      let item = byId.get(r.id);
      if (!item) byId.set(r.id, (item = { name: r.name, price: r.price, subItems: [] }));
      if (r.sub_name) item.subItems.push({ name: r.sub_name, required: r.required ?? false });
    }
    return [...byId.values()];
  }

  async referrals(nCtrId: number): Promise<Array<{ inDebit: boolean }>> {
    return this.db.query<{ inDebit: boolean }>('SELECT in_debit AS "inDebit" FROM referrals WHERE referrer_n_ctr_id = $1', [nCtrId]);
  }

  async executive(slpCode: number): Promise<{ nome: string; telefone: string } | null> {
    const [row] = await this.db.query<{ nome: string; telefone: string }>('SELECT nome, telefone FROM executives WHERE slp_code = $1', [
      slpCode,
    ]);
    return row ?? null;
  }

  async customer(nCtrId: number): Promise<{ name: string; document: string; kind: string }> {
    const [row] = await this.db.query<{ name: string; document: string; kind: string }>(
      'SELECT c.name, c.document, c.kind FROM contracts k JOIN customers c ON c.id = k.customer_id WHERE k.n_ctr_id = $1',
      [nCtrId],
    );
    if (!row) throw new Error('contract without customer');
    return row;
  }
}
