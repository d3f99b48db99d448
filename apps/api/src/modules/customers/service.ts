import type { CustomerInfoDto } from '@guarita/domain';
import type { CustomerRepository, LoginContact } from './repository';

/** Customers and their addresses; other modules read customers only through this service. */
export class CustomersService {
  constructor(private readonly repo: CustomerRepository) {}

  loginContactByDocument(document: string): Promise<LoginContact | null> {
    return this.repo.loginContactByDocument(document);
  }

  loginContact(customerId: number): Promise<LoginContact | null> {
    return this.repo.loginContact(customerId);
  }

  /** The contract holder's name and document, as printed on contracts. */
  async holder(customerId: number): Promise<{ name: string; document: string } | null> {
    const c = await this.repo.byId(customerId);
    return c ? { name: c.name, document: c.document } : null;
  }

  /** customerInfo: the person or company with the billing and delivery addresses. */
  async info(customerId: number): Promise<CustomerInfoDto | null> {
    const c = await this.repo.byId(customerId);
    if (!c) return null;
    return {
      key: c.id,
      name: c.name,
      tradeName: c.trade_name,
      email: c.email,
      phone: c.phone,
      cpf: c.kind === 'cpf' ? c.document : null,
      cnpj: c.kind === 'cnpj' ? c.document : null,
      addresses: await this.repo.addresses(customerId),
    };
  }
}
