import type { Executor } from '../db/db';

/** Product analytics port (support_sent, …). Built-in: a table in our own database; no third-party script (LGPD). */
export interface Analytics {
  /** Records an event; pass the transaction so the event exists only if what it describes was stored. */
  track(q: Executor, name: string, customerId: number | null, properties: Record<string, string | number | boolean | null>): Promise<void>;
}

export class TableAnalytics implements Analytics {
  async track(q: Executor, name: string, customerId: number | null, properties: Record<string, string | number | boolean | null>) {
    await q
      .insertInto('analytics_events')
      .values({ name, customer_id: customerId, properties: JSON.stringify(properties) })
      .execute();
  }
}
