/** A customer as a person would know them: enough to log in through the form. */
export interface DemoCustomer {
  /** CPF or CNPJ as printed on a document */
  document: string;
  /** How the app greets them ('Olá, …!'): a person's first name, a company's trade name. */
  firstName: string;
  /** where the demo outbox delivers the code, per channel */
  sms: string | null;
  email: string | null;
}

/**
 * The demo seed's first customer (apps/api/src/db/seed.ts, listed in the README): only the demo-login smoke test uses
 * her; every other test makes its own customer (support/customers.ts, ADR 071).
 */
export const MARIA: DemoCustomer = {
  document: '529.982.247-25',
  firstName: 'Maria',
  sms: '31987654321',
  email: 'maria.souza@example.com',
};
