import type { Db } from '../db/db';

/** Product analytics port (support_sent, …). Built-in: a table in our own database; no third-party script (LGPD). */
export interface Analytics {
  /** Records an event; pass the transaction so the event exists only if what it describes was stored. */
  track(db: Db, name: string, customerId: number | null, properties: Record<string, string | number | boolean | null>): Promise<void>;
}

export class TableAnalytics implements Analytics {
  async track(db: Db, name: string, customerId: number | null, properties: Record<string, string | number | boolean | null>) {
    await db.query(`INSERT INTO analytics_events (name, customer_id, properties) VALUES ($1, $2, $3::jsonb)`, [
      name,
      customerId,
      JSON.stringify(properties),
    ]);
  }
}
