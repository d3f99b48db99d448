import type { Database, Executor } from '../../db/db';

export interface LoginContact {
  id: number;
  document: string;
  email: string | null;
  sms_phone: string | null;
}

/** The customers module owns the customers and addresses tables. */
export class CustomerRepository {
  constructor(private readonly db: Database) {}

  async loginContactByDocument(document: string): Promise<LoginContact | null> {
    const row = await this.db
      .selectFrom('customers')
      .select(['id', 'document', 'email', 'sms_phone'])
      .where('document', '=', document)
      .executeTakeFirst();
    return row ?? null;
  }

  async loginContact(id: number): Promise<LoginContact | null> {
    const row = await this.db
      .selectFrom('customers')
      .select(['id', 'document', 'email', 'sms_phone'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async byId(id: number) {
    return (
      (await this.db
        .selectFrom('customers')
        .select(['id', 'document', 'kind', 'name', 'trade_name', 'email', 'phone'])
        .where('id', '=', id)
        .executeTakeFirst()) ?? null
    );
  }

  async addresses(customerId: number) {
    return this.db
      .selectFrom('addresses')
      .select([
        'address_type as addressType',
        'street',
        'street_no as streetNo',
        'building',
        'block',
        'city',
        'state',
        'zip_code as zipCode',
      ])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
  }

  /** Staff side (issue 13): documents of several customers at once (the queue shows them masked). */
  async documents(ids: readonly number[]): Promise<Map<number, { document: string; name: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('customers')
      .select(['id', 'document', 'name'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, { document: r.document, name: r.name }]));
  }

  /** The contact data a registration change touches, locked for the change's transaction. */
  async contactForUpdate(q: Executor, customerId: number) {
    const c = await q.selectFrom('customers').select(['email', 'phone']).where('id', '=', customerId).forUpdate().executeTakeFirst();
    const a = await q
      .selectFrom('addresses')
      .select(['id', 'street', 'street_no', 'building', 'block', 'city', 'state', 'zip_code'])
      .where('customer_id', '=', customerId)
      .where('address_type', '=', 'Cobrança')
      .orderBy('id')
      .executeTakeFirst();
    return c ? { ...c, billing: a ?? null } : null;
  }

  async setContact(q: Executor, customerId: number, set: { email?: string; phone?: string }): Promise<void> {
    if (Object.keys(set).length) await q.updateTable('customers').set(set).where('id', '=', customerId).execute();
  }

  async setBillingAddress(q: Executor, customerId: number, addressId: number | null, a: NewAddress): Promise<void> {
    const values = {
      street: a.street,
      street_no: a.streetNo,
      building: a.building,
      block: a.block,
      city: a.city,
      state: a.state,
      zip_code: a.zipCode,
    };
    if (addressId === null)
      await q
        .insertInto('addresses')
        .values({ customer_id: customerId, address_type: 'Cobrança', ...values })
        .execute();
    else await q.updateTable('addresses').set(values).where('id', '=', addressId).execute();
  }
}

export interface NewAddress {
  street: string;
  streetNo: string;
  building: string | null;
  block: string | null;
  city: string;
  state: string;
  zipCode: string;
}
