import { expect, type APIRequestContext } from '@playwright/test';
import type { CustomerSpec } from './customers';

/** A customer made for one test (ADR 071), as a person would know them, with what the factory numbered. */
export interface TestCustomer {
  /** CPF or CNPJ as printed on a document */
  document: string;
  /** How the app greets them ('Olá, …!'): a person's first name, a company's trade name. */
  firstName: string;
  /** where the demo outbox delivers the code, per channel */
  sms: string | null;
  email: string | null;
  /** The contract numbers, by the names the spec gave them. */
  contracts: Record<string, number>;
  /** The case numbers of the spec's cases and claims, in its order. */
  cases: string[];
  claims: string[];
}

/** Makes a customer of the test's own through the e2e server's factory (POST /api/test/customers). */
export async function newCustomer(request: APIRequestContext, spec: CustomerSpec): Promise<TestCustomer> {
  const res = await request.post('/api/test/customers', { data: spec });
  expect(res.status(), `POST /api/test/customers: ${await res.text()}`).toBe(201);
  const made = (await res.json()) as Omit<TestCustomer, 'firstName'>;
  return { ...made, firstName: spec.tradeName ?? spec.name.split(' ')[0]! };
}

/** The contract the spec named `key`. */
export function contractOf(customer: TestCustomer, key: string): number {
  const id = customer.contracts[key];
  if (id === undefined) throw new Error(`no contract '${key}' (has ${Object.keys(customer.contracts).join(', ')})`);
  return id;
}
