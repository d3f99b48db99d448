import type { Database } from '../../db/db';

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
}
