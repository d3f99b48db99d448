import type { CustomerInfoDto } from '@guarita/domain';
import type { Executor } from '../../db/db';
import type { CustomerRepository, LoginContact, NewAddress } from './repository';

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

  /** Staff queue: the customer behind a full CPF/CNPJ (the document filter). */
  async idByDocument(document: string): Promise<number | null> {
    return (await this.repo.loginContactByDocument(document))?.id ?? null;
  }

  /** Staff queue and case detail: name and document of several customers. */
  documents(ids: readonly number[]) {
    return this.repo.documents(ids);
  }

  /**
   * Applies an approved registration change (issue 13) inside the caller's transaction: e-mail, contact phone
   * and the billing address (the one /cadastro shows). Answers the values before and after, for the audit log.
   * The login SMS number is not changed here: a new login factor is not something a case approval should swap.
   */
  async applyRegistrationChange(
    q: Executor,
    customerId: number,
    change: { email?: string; phone?: string; address?: NewAddress },
  ): Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }> {
    const current = await this.repo.contactForUpdate(q, customerId);
    if (!current) throw new Error(`customer ${customerId} not found`);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const contact: { email?: string; phone?: string } = {};
    if (change.email !== undefined) {
      before.email = current.email;
      after.email = contact.email = change.email;
    }
    if (change.phone !== undefined) {
      before.telefone = current.phone;
      after.telefone = contact.phone = change.phone;
    }
    await this.repo.setContact(q, customerId, contact);
    if (change.address) {
      const b = current.billing;
      before.endereco = b && {
        rua: b.street,
        numero: b.street_no,
        complemento: b.building,
        bairro: b.block,
        cidade: b.city,
        estado: b.state,
        cep: b.zip_code,
      };
      const a = change.address;
      after.endereco = {
        rua: a.street,
        numero: a.streetNo,
        complemento: a.building,
        bairro: a.block,
        cidade: a.city,
        estado: a.state,
        cep: a.zipCode,
      };
      await this.repo.setBillingAddress(q, customerId, b?.id ?? null, a);
    }
    return { before, after };
  }
}
