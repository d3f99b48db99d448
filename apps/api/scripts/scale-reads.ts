/**
 * The reads issue 29 measures at a million customers, in one list: the scale bench (`BENCH_ONLY=scale`) times them and
 * test/query-plans.test.ts EXPLAINs the SQL each one runs. A read is the HTTP requests the web app makes for it, so
 * both run the app's own queries (no SQL copied here that could drift from the repositories).
 *
 * Each read runs through a `ScaleClient` the caller provides: the bench over fetch against a running API, the test over
 * `app.inject`. `subjects` and `pickSubject` choose, on any database built by the demo seed or `npm run seed:scale`,
 * customers with a tracked contract, trips, bills, support cases and a claim.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../src/db/schema';

/** Months of bills every customer of `npm run seed:scale` has; the bench gives the demo customer as many (same answer). */
export const SCALE_BILL_MONTHS = 36;

export interface ScaleSubject {
  /** The customer's CPF/CNPJ (digits), for the login. */
  document: string;
  customerId: number;
  /** A contract of the customer with bills, cases and a tracker (positions and trips). */
  nCtrId: number;
  /** One of the customer's claims (its case number, as the claim view's URL carries it). */
  claimCaseNumber: string;
  /** The customer's name and e-mail (the staff queue's search). */
  name: string;
  email: string | null;
}

/** What a read looks at in an answer: a fetch `Response` is one. */
export interface ScaleResponse {
  status: number;
  json(): unknown;
}

export interface ScaleClient {
  /**
   * One request. `as` says whose credentials go with it: the subject customer's access token, a staff session (a
   * queue reader, e.g. the demo `atendimento` account), or none.
   */
  request(method: 'GET' | 'POST', url: string, as: 'customer' | 'staff' | 'none', body?: unknown): Promise<ScaleResponse>;
  /** The last login code the customer was sent (test: the capturing notifier; bench: demo mode's outbox). */
  lastCode(document: string): Promise<string>;
}

export interface ScaleRead {
  name: string;
  /** Who is asking: the bench's targets differ (customer reads p95 ≤ 10 ms; staff and login have their own). */
  kind: 'customer' | 'staff' | 'login';
  /** Runs the read once; throws when an answer is not the one the app gives to a working read. */
  run(client: ScaleClient, s: ScaleSubject): Promise<void>;
}

async function ok(res: Promise<ScaleResponse>, what: string, status = 200): Promise<ScaleResponse> {
  const r = await res;
  if (r.status !== status) {
    const erro = (() => {
      try {
        return (r.json() as { erro?: string }).erro;
      } catch {
        return undefined;
      }
    })();
    throw new Error(`${what}: HTTP ${r.status}${erro ? ` ${erro}` : ''} (expected ${status})`);
  }
  return r;
}

const get = (c: ScaleClient, url: string, as: 'customer' | 'staff' = 'customer') => ok(c.request('GET', url, as), `GET ${url}`);

/** Steps 1 and 2 of the login: the session for the document, then a code by SMS (or e-mail when it has no phone). */
async function requestCode(c: ScaleClient, s: ScaleSubject): Promise<string> {
  const start = (await (await ok(c.request('POST', '/api/auth/login', 'none', { documento: s.document }), 'login')).json()) as {
    Sessao: string;
    canalPadrao: 'sms' | 'email';
  };
  await ok(c.request('POST', '/api/auth/code', 'none', { Sessao: start.Sessao, canal: start.canalPadrao }), 'code', 202);
  return start.Sessao;
}

export const SCALE_READS: readonly ScaleRead[] = [
  {
    name: 'start page data',
    kind: 'customer',
    // What the start page asks for (apps/web: getMe, getContracts, the bell's unread count).
    run: async (c) => {
      await Promise.all([get(c, '/api/me'), get(c, '/api/contracts'), get(c, '/api/notifications/unread-count')]);
    },
  },
  { name: 'bill history', kind: 'customer', run: async (c, s) => void (await get(c, `/api/contracts/${s.nCtrId}/bills`)) },
  { name: 'case list', kind: 'customer', run: async (c, s) => void (await get(c, `/api/cases/contracts/${s.nCtrId}`)) },
  { name: 'claim view', kind: 'customer', run: async (c, s) => void (await get(c, `/api/claims/cases/${s.claimCaseNumber}`)) },
  { name: 'trips page', kind: 'customer', run: async (c, s) => void (await get(c, `/api/trips/contracts/${s.nCtrId}`)) },
  { name: 'live position', kind: 'customer', run: async (c, s) => void (await get(c, `/api/trips/contracts/${s.nCtrId}/position`)) },
  { name: 'staff queue: first page', kind: 'staff', run: async (c) => void (await get(c, '/api/backoffice/casos', 'staff')) },
  { name: 'staff queue: filtered', kind: 'staff', run: async (c) => void (await get(c, '/api/backoffice/casos?motivo=SAC', 'staff')) },
  {
    name: 'staff queue: keyset page',
    kind: 'staff',
    run: async (c) => {
      const first = (await (await get(c, '/api/backoffice/casos', 'staff')).json()) as { proximo: string | null };
      if (!first.proximo) throw new Error('staff queue: one page only, no keyset page to read');
      await get(c, `/api/backoffice/casos?cursor=${first.proximo}`, 'staff');
    },
  },
  // Issue 30: the queue by age (oldest first) and the search box by each key; the default order above is time left.
  { name: 'staff queue: by age', kind: 'staff', run: async (c) => void (await get(c, '/api/backoffice/casos?ordem=idade-desc', 'staff')) },
  ...(
    [
      ['CPF/CNPJ', (s) => s.document],
      ['name', (s) => s.name.split(' ').slice(0, 2).join(' ')],
      ['e-mail', (s) => s.email ?? s.document],
      ['contract', (s) => String(s.nCtrId)],
      ['protocol', (s) => s.claimCaseNumber],
    ] as Array<[string, (s: ScaleSubject) => string]>
  ).map(([key, value]): ScaleRead => ({
    name: `staff queue: search by ${key}`,
    kind: 'staff',
    run: async (c, s) => void (await get(c, `/api/backoffice/casos?busca=${encodeURIComponent(value(s))}`, 'staff')),
  })),
  { name: 'login: code request', kind: 'login', run: async (c, s) => void (await requestCode(c, s)) },
  {
    name: 'login: verify',
    kind: 'login',
    run: async (c, s) => {
      const Sessao = await requestCode(c, s);
      const CodigoAutenticacao = await c.lastCode(s.document);
      await ok(c.request('POST', '/api/auth/verify', 'none', { Sessao, CodigoAutenticacao }), 'verify');
    },
  },
];

export interface ScaleSubjectRow extends ScaleSubject {
  /** Where the demo outbox sends this customer's codes (sms_phone or e-mail): how its code is told from the others'. */
  contacts: string[];
}

/**
 * Customers to read as, each with a tracked contract, trips, bills, support cases and a claim: on the scale database
 * any customer has all of it; on the demo database Maria (contract 100101) is the one. `sample`: a percentage of the
 * claims table's pages to draw from, in random order (the bench spreads its reads over the whole database);
 * without it, in case order from `offset` on (the EXPLAIN test's stable pick).
 */
export async function subjects(db: Kysely<DB>, o: { limit: number; offset?: number; sample?: number }): Promise<ScaleSubjectRow[]> {
  const from = o.sample === undefined ? sql`claims cl` : sql`claims cl TABLESAMPLE SYSTEM (${o.sample})`;
  const order = o.sample === undefined ? sql`cl.case_id` : sql`random()`;
  const { rows } = await sql<{
    document: string;
    customer_id: number;
    n_ctr_id: number;
    case_number: string;
    name: string;
    sms_phone: string | null;
    email: string | null;
  }>`
    SELECT cu.document, cu.id AS customer_id, ct.n_ctr_id, ca.case_number, cu.name, cu.sms_phone, cu.email
      FROM ${from}
      JOIN cases ca ON ca.id = cl.case_id
      JOIN contracts ct ON ct.n_ctr_id = cl.n_ctr_id
      JOIN customers cu ON cu.id = cl.customer_id
     WHERE ct.possui_dispositivo AND NOT ct.cancelled
       AND EXISTS (SELECT 1 FROM trips t WHERE t.n_ctr_id = ct.n_ctr_id AND NOT t.deleted)
       AND EXISTS (SELECT 1 FROM bills b WHERE b.n_ctr_id = ct.n_ctr_id)
     ORDER BY ${order}
     LIMIT ${o.limit} OFFSET ${o.offset ?? 0}`.execute(db);
  return rows.map((r) => ({
    document: r.document,
    customerId: r.customer_id,
    nCtrId: r.n_ctr_id,
    claimCaseNumber: r.case_number,
    name: r.name,
    email: r.email,
    contacts: [r.sms_phone, r.email].filter((c): c is string => !!c),
  }));
}

/** One customer to read as (see `subjects`); `offset` picks another one. */
export async function pickSubject(db: Kysely<DB>, offset = 0): Promise<ScaleSubject> {
  const [r] = await subjects(db, { limit: 1, offset });
  if (!r) throw new Error('pickSubject: no customer with a tracked contract, trips, bills and a claim');
  return {
    document: r.document,
    customerId: r.customerId,
    nCtrId: r.nCtrId,
    claimCaseNumber: r.claimCaseNumber,
    name: r.name,
    email: r.email,
  };
}
