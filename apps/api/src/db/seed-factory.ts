import { sql } from 'kysely';
import type { Clock } from '../ports/clock';
import type { Database } from './db';
import { BH_BILLING_ADDRESS, insertCustomer, type SeedContract, type SeedCustomer } from './seed';
import { insertReferrals, insertRequiredSubItem, insertTrips } from './seed-plan-trips';
import { insertCase, type SeedCase } from '../modules/cases/seed';
import { insertClaim, type SeedClaim } from '../modules/claims/seed';

/**
 * The e2e suite's data factory (ADR 071): a customer made for one test, shaped as the test asks, with contracts,
 * bills, cases, claims and trips. Everything that must be unique is chosen here (CPF/CNPJ, SMS number, e-mail,
 * contract numbers), so tests running at once never share a customer, a code in the outbox or a contract.
 * Contracts are named by the test (`key`); cases, claims and trips point at them by that name.
 */
export interface FactoryCustomer {
  kind: 'cpf' | 'cnpj';
  name: string;
  tradeName?: string;
  /** A CNPJ in the alphanumeric format (in force since July 2026) instead of digits only. */
  alphanumeric?: boolean;
  /** Whether the customer has an e-mail / an SMS number on file (each made unique here). */
  email?: boolean;
  sms?: boolean;
  addresses?: SeedCustomer['addresses'];
  contracts: Array<Omit<SeedContract, 'nCtrId'> & { key: string }>;
  cases?: Array<Omit<SeedCase, 'nCtrId'> & { contract: string }>;
  claims?: Array<Omit<SeedClaim, 'nCtrId'> & { contract: string }>;
  trips?: Array<{ contract: string; count: number; lastEndedHoursAgo: number; parkedMinutesAgo?: number }>;
  referrals?: Array<{ contract: string; name: string; inDebit: boolean }>;
  requiredSubItems?: Array<{ contract: string; itemCode: string; code: string; name: string }>;
}

export interface FactoryResult {
  /** As a person types it: 000.000.000-00 or 00.000.000/0000-00. */
  document: string;
  sms: string | null;
  email: string | null;
  /** The contract numbers, by the test's names. */
  contracts: Record<string, number>;
  /** The case numbers of `cases` and of `claims`, in the order given. */
  cases: string[];
  claims: string[];
}

/** Above the demo seed's contract numbers (100101 … 800801). */
const FIRST_CONTRACT = 900_001;

export async function createFactoryCustomer(
  db: Database,
  spec: FactoryCustomer,
  clock: Pick<Clock, 'today' | 'now'>,
): Promise<FactoryResult> {
  return db.transaction().execute(async (tx) => {
    // Two workers may ask at once (PostgreSQL): the numbers below are read and taken under one lock.
    await sql`SELECT pg_advisory_xact_lock(724276)`.execute(tx);
    const last = await tx
      .selectFrom('customers')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const n = Number(last?.id ?? 0) + 1;
    const lastContract = await tx
      .selectFrom('contracts')
      .select((eb) => eb.fn.max('n_ctr_id').as('id'))
      .executeTakeFirst();
    let next = Math.max(FIRST_CONTRACT, Number(lastContract?.id ?? 0) + 1);
    const ids: Record<string, number> = {};
    for (const k of spec.contracts) ids[k.key] = next++;
    const idOf = (key: string) => {
      const id = ids[key];
      if (id === undefined) throw new Error(`factory: no contract named '${key}'`);
      return id;
    };
    const document = spec.kind === 'cpf' ? cpfFor(n) : cnpjFor(n, spec.alphanumeric === true);
    // 31 9xxxx-xxxx: a mobile number no demo customer has (theirs start 3197/3198/3199).
    const sms = spec.sms === false ? null : `319${String(n).padStart(8, '0')}`;
    const email = spec.email === false ? null : `cliente${n}@e2e.example.com`;
    await insertCustomer(
      tx,
      {
        document,
        kind: spec.kind,
        name: spec.name,
        ...(spec.tradeName ? { tradeName: spec.tradeName } : {}),
        email,
        phone: sms,
        smsPhone: sms,
        addresses: spec.addresses ?? [BH_BILLING_ADDRESS],
        contracts: spec.contracts.map(({ key, ...k }) => ({ ...k, nCtrId: idOf(key) })),
      },
      clock,
    );
    const now = clock.now();
    for (const t of spec.trips ?? []) await insertTrips(tx, idOf(t.contract), t, now);
    for (const r of spec.referrals ?? []) await insertReferrals(tx, idOf(r.contract), [[r.name, r.inDebit]]);
    for (const s of spec.requiredSubItems ?? []) await insertRequiredSubItem(tx, idOf(s.contract), s);
    const numberOf = async (id: string | null) =>
      (
        await tx
          .selectFrom('cases')
          .select('case_number')
          .where('id', '=', id ?? '')
          .executeTakeFirstOrThrow()
      ).case_number;
    const cases: string[] = [];
    for (const { contract, ...c } of spec.cases ?? []) cases.push(await numberOf(await insertCase(tx, { ...c, nCtrId: idOf(contract) })));
    const claims: string[] = [];
    for (const [i, { contract, ...c }] of (spec.claims ?? []).entries())
      claims.push(await numberOf(await insertClaim(tx, { ...c, nCtrId: idOf(contract) }, `f${n}-${i}`, clock)));
    return { document: formatDocument(document), sms, email, contracts: ids, cases, claims };
  });
}

/** A valid CPF whose first nine digits are 900000000 + n. */
function cpfFor(n: number): string {
  const digits = String(900_000_000 + n)
    .split('')
    .map(Number);
  for (const len of [9, 10]) {
    const sum = digits.slice(0, len).reduce((acc, d, i) => acc + d * (len + 1 - i), 0);
    const r = (sum * 10) % 11;
    digits.push(r === 10 ? 0 : r);
  }
  return digits.join('');
}

/**
 * A valid CNPJ, root 90000000 + n (or AB + n for the alphanumeric format), branch 0001. The check digits weigh each
 * character's code minus 48, which for digits is the digit itself (the Receita's rule for both formats).
 */
function cnpjFor(n: number, alphanumeric: boolean): string {
  const root = alphanumeric ? `AB${String(n).padStart(6, '0')}` : String(90_000_000 + n);
  const chars = `${root}0001`.split('');
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const sum = weights.reduce((acc, w, i) => acc + w * (chars[i]!.charCodeAt(0) - 48), 0);
    const r = sum % 11;
    chars.push(String(r < 2 ? 0 : 11 - r));
  }
  return chars.join('');
}

function formatDocument(d: string): string {
  return d.length === 11
    ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`
    : `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}
