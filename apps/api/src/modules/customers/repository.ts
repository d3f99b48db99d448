import type { CustomerInfoDto } from '@guarita/domain';
import type { Db } from '../../db/db';

export class CustomerRepository {
  constructor(private readonly db: Db) {}

  async info(customerId: number): Promise<CustomerInfoDto | null> {
    const [c] = await this.db.query<{
      id: number;
      document: string;
      kind: string;
      name: string;
      email: string | null;
      phone: string | null;
      trade_name: string | null;
    }>('SELECT id, document, kind, name, email, phone, trade_name FROM customers WHERE id = $1', [customerId]);
    if (!c) return null;
    const addresses = await this.db.query<CustomerInfoDto['addresses'][number]>(
      `SELECT address_type AS "addressType", street, street_no AS "streetNo", building, block, city, state, zip_code AS "zipCode"
         FROM addresses WHERE customer_id = $1 ORDER BY id`,
      [customerId],
    );
    return {
      key: c.id,
      name: c.name,
      tradeName: c.trade_name,
      email: c.email,
      phone: c.phone,
      cpf: c.kind === 'cpf' ? c.document : null,
      cnpj: c.kind === 'cnpj' ? c.document : null,
      addresses,
    };
  }
}
