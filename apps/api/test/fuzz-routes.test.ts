import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@guarita/domain';
import { createTestApp, type TestApp } from './helpers';
import { FixedClock } from '../src/ports/clock';
import { STAFF_COOKIE } from './staff-helpers';
import { CASE_LIKE, CLAIM_LIKE, aBill, aCase, aClaim, aContract, aCustomer, aSession, aStaffMember, someTrips } from './factories';

/**
 * Issue 7 item 7 (ADR 011): throws generated params, query strings, headers and bodies at every route of the app's
 * route table (fastify's printRoutes, so hidden routes too), with a real token and without, and asserts that no answer
 * is a 5xx and that no data changes. FUZZ_RUNS (default 1,000, the floor) runs per route; `npm run fuzz`
 * asks for 2,000. FUZZ_SEED replays a failure.
 *
 * Data check: one md5 per table over all its rows, taken before the first route and after each route (a change
 * persists, so checking once per route catches it and names the route). Tables left out: rate_limit_hits (every
 * request may count against a limit), login_sessions, login_decoy_sessions (a login start with a generated valid
 * document opens one by design), passkey_challenges (asking for passkey login options stores its challenge by design,
 * issue 31), staff_sessions (every console request moves its session's last use, the idle timeout).
 *
 * The data is the test's own (ADR 070), made before the first route: a customer with a tracked car (bills, trips, two
 * claims, two support cases) and a closed contract, a company with a contract, and a console account of each role. Their
 * documents and contract ids are among the generated values, so requests reach the services, not only the schema.
 *
 * Staff and back-office routes (issue 23 item 7), and demo mode's /api/dev routes, run after the customer routes. They
 * are called with a live session of each role as well as with none, and their path parameters include the real case
 * numbers and photo types, so generated requests reach the services, not only the schema. A console action that answers 2xx changes data by design (a comment, a phase): after
 * a route that did, the data check starts again from the new state. staff_audit is checked apart: a route with no 2xx
 * may only add 'acesso.negado' rows (a role refused, ADR 055) and the failed-login rows of the staff login.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** FUZZ_ONLY=/api/backoffice,/api/dev: only the routes under these prefixes (a focused run; CI runs them all). */
const ONLY = process.env.FUZZ_ONLY?.split(',').filter(Boolean);
const VOLATILE_TABLES = new Set(['rate_limit_hits', 'login_sessions', 'login_decoy_sessions', 'passkey_challenges', 'staff_sessions']);
/** Rows a refused request may add to staff_audit: a refused role, a failed staff login. */
const REFUSAL_AUDIT = new Set(['acesso.negado', 'login.falhou', 'login.falhou.bloqueou', 'login.bloqueado']);
const STAFF_ROLES: StaffRole[] = ['atendimento', 'sinistros', 'financeiro', 'admin'];
/** The console's routes and demo mode's /api/dev routes (which play staff and outside systems without a login). */
const isStaffRoute = (url: string) => url.startsWith('/api/backoffice') || url.startsWith('/api/dev/');

const ROOMY = {
  lookupsPerIp: 1e9,
  codeRequestsPerDocument: 1e9,
  codeRequestsPerDocumentIp: 1e9,
  codeRequestsPerIp: 1e9,
  verifyPerDocument: 1e9,
  verifyPerIp: 1e9,
  contactPerIp: 1e9,
};

interface Route {
  method: string;
  url: string;
}

/** Every method + path of fastify's route tree (`printRoutes({ commonPrefix: false })`), HEAD/OPTIONS aside. */
export function routeTable(printed: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = line.match(/^([\s│]*)[├└]── (\S+)(?: \(([^)]*)\))?/);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack[depth] = m[2]!;
    const url = stack.join('');
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url });
    }
  }
  return routes;
}

/** The test's own documents and contract ids (as numbers and as text), filled in before the first route. */
const own = { ints: [] as number[], strs: [] as string[] };
/** One of `list`, read when a value is generated (the list is filled after the arbitraries are made). */
const oneOf = <T>(list: readonly T[]) => fc.nat().map((i) => list[i % list.length]!);
const INT_EDGES = [0, -1, 1, 2147483647, 2147483648, -2147483649, 9007199254740992, 1.5, 1e308];
const STR_EDGES = ['', '\u0000', 'a\u0000b', '\u001f', ' ', '2147483648', '-1', '1e9'];
const intEdge = fc.oneof({ arbitrary: fc.constantFrom(...INT_EDGES), weight: 3 }, { arbitrary: oneOf(own.ints), weight: 1 });
const strEdge = fc.oneof({ arbitrary: fc.constantFrom(...STR_EDGES), weight: 3 }, { arbitrary: oneOf(own.strs), weight: 1 });

/** Values of any JSON type, weighted toward the edges that once gave 500s (NUL, int4 overflow, huge strings). */
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  leaf: fc.oneof(
    intEdge,
    strEdge,
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    // Lone surrogates: valid JSON, invalid text for PostgreSQL's jsonb (issue 23 item 7). Bodies only: a URL cannot
    // carry one (encodeURIComponent throws).
    fc.constantFrom('\ud800', 'a\udc00b', 'Análise\udbff'),
    // Phases, so phase moves get past the enum to the state machine.
    fc.constantFrom('Regulação', 'Análise', 'Finalização', 'Concluído', 'Indenização'),
    fc.constant('x'.repeat(5000)),
    fc.boolean(),
    fc.constant(null),
  ),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('node'), { maxKeys: 4 }),
  ),
})).node;

/** Known body field names, so generated bodies reach the checks after "field is missing". */
const FIELDS = [
  'documento',
  'Sessao',
  'canal',
  'CodigoAutenticacao',
  'faturas',
  'valorTotal',
  'dadosDoCartao',
  'numeroCartao',
  'mesExpiracao',
  'anoExpiracao',
  'cvv',
  'nomeTitular',
  'metodoPagamento',
  'name',
  'email',
  'phone',
  'message',
  'altcha',
  'pix',
  'txid',
  'endToEndId',
  'valor',
  // the console's and the demo claims team's bodies
  'texto',
  'interno',
  'fase',
  'aprovacao',
  'textoReprovacao',
  'qualificado',
  'motivo',
  'observacao',
  'senha',
  'codigo',
  'encerrar',
  'qualificadoComoPT',
];
const body = fc.oneof(
  fc.constant(undefined),
  value,
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }),
  fc.record({
    dadosDoCartao: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 5 }),
    faturas: fc.array(intEdge, { maxLength: 3 }),
    valorTotal: intEdge,
  }),
  fc.record({ pix: fc.array(fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 4 }), { maxLength: 2 }) }),
);
/** Printable header values (HTTP itself refuses control characters there). */
const headerValue = fc.oneof(
  fc.constantFrom('', '2147483648', '00000000-0000-4000-8000-000000000000', 'x'.repeat(300)),
  fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
);
const headers = fc.dictionary(
  fc.constantFrom('idempotency-key', 'content-type', 'accept', 'x-forwarded-for', 'origin', 'webhook-signature', 'cookie'),
  headerValue,
  { maxKeys: 3 },
);
const segment = fc.oneof(intEdge.map(String), strEdge, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
/** Query names the routes read, so generated queries reach the filters (a NUL in `fase` was a 500, issue 23 item 7). */
const QUERY_KEYS = [
  'fase',
  'motivo',
  'status',
  'cursor',
  'limite',
  'documento',
  'contrato',
  'idadeMinDias',
  'reembolso',
  'antes',
  'email',
  'pagina',
];
const query = fc.dictionary(
  fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })),
  fc.oneof(segment, fc.constantFrom('\u0000', 'a\u0000b'), fc.array(segment, { maxLength: 2 })),
  { maxKeys: 3 },
);
/**
 * A console body: the console's own field names with text edges (lone surrogates, NUL, phases) and booleans, so a
 * comment, a note or a rejection reason holding `"\ud800"` is generated often enough to be found (issue 23 item 7).
 */
const STAFF_FIELDS = [
  'texto',
  'interno',
  'fase',
  'aprovacao',
  'textoReprovacao',
  'qualificado',
  'motivo',
  'observacao',
  'encerrar',
  'qualificadoComoPT',
];
const staffText = fc.oneof(
  fc.constantFrom('\ud800', 'a\udc00b', 'Vistoria \udbff', '\u0000', 'a\u0000b'),
  fc.constantFrom('Regulação', 'Análise', 'Finalização', 'Concluído', 'Indenização', ' Documentação '),
  strEdge,
  fc.string({ maxLength: 40 }),
  fc.boolean(),
);
const staffBody = fc.oneof(
  { arbitrary: fc.dictionary(fc.constantFrom(...STAFF_FIELDS), staffText, { minKeys: 1, maxKeys: 4 }), weight: 4 },
  { arbitrary: body, weight: 1 },
);
const auth = fc.constantFrom('none', 'token', 'garbage', 'other-customer');
/** A console route: no session, a garbage cookie, or a live session of each role. */
const staffAuth = fc.constantFrom('none', 'garbage', ...STAFF_ROLES.map((r) => `staff-${r}`));

describe('fuzz: every route answers < 500 and changes no data', () => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let routes: Route[];
  let tables: string[];
  /** Path values that exist (the test's case numbers, photo types), for the console's routes. */
  let realSegments: string[];
  const clock = new FixedClock(new Date());

  beforeAll(async () => {
    t = await createTestApp({ limits: ROOMY, clock });
    // The customer whose token is 'token': a tracked car with bills, trips, claims and cases, and a closed contract.
    const customer = await aCustomer(t);
    const car = await aContract(t, customer);
    for (const status of ['P', 'I', 'A'] as const) await aBill(t, car, { status });
    await someTrips(t, car, { count: 4, lastEndedHoursAgo: 3, parkedMinutesAgo: 20 });
    const closed = await aContract(t, customer, { status: 'Encerrado', end: '2024-02-05', tracker: false, card: null });
    await aBill(t, closed, { status: 'P' });
    const caseNumbers = [
      await aClaim(t, car, CLAIM_LIKE.collisionInDocumentation),
      await aClaim(t, car, CLAIM_LIKE.glassRepairAuthorised),
      await aCase(t, car, CASE_LIKE.ombudsmanInAnalysis),
      await aCase(t, car, CASE_LIKE.registrationChange),
    ];
    // 'other-customer': a company (alphanumeric CNPJ) with a contract of its own.
    const company = await aCustomer(t, { kind: 'cnpj', alphanumeric: true });
    const fleet = await aContract(t, company);
    own.ints.push(car.nCtrId, closed.nCtrId, fleet.nCtrId);
    own.strs.push(customer.document, company.document, `${customer.document}\n`, ...own.ints.map(String));
    tokens = {
      token: (await aSession(t, customer)).AccessToken,
      'other-customer': (await aSession(t, company)).AccessToken,
      garbage: 'eyJhbGciOiJIUzI1NiJ9.e30.x',
    };
    for (const role of STAFF_ROLES) tokens[`staff-${role}`] = (await aStaffMember(t, role)).token;
    realSegments = [...caseNumbers, 'frente', 'cnh', 'traseira'];
    routes = routeTable(t.app.printRoutes({ commonPrefix: false }));
    tables = (
      await t.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
      )
    )
      .map((r) => r.table_name)
      .filter((n) => !VOLATILE_TABLES.has(n) && n !== 'staff_audit');
  }, 180_000);
  afterAll(() => t?.close());

  /** One md5 per table over all its rows, in a stable order. */
  const checksum = async () => {
    const sums: Record<string, string> = {};
    for (const table of tables) {
      const [row] = await t.query<{ sum: string | null }>(
        `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS sum FROM "${table}" x`,
      );
      sums[table] = row?.sum ?? '';
    }
    return sums;
  };

  it('finds the route table, documented and hidden routes alike', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toContain('POST /api/auth/login');
    expect(keys).toContain('GET /healthz');
    expect(
      keys.some((k) => k.startsWith('POST /api/payments/contracts/:nCtrId/')),
      keys.join('\n'),
    ).toBe(true);
    expect(routes.length).toBeGreaterThan(15);
  });

  /** The last staff_audit id, and the actions of the rows after a given id. */
  const auditAfter = async (id: number) =>
    t.query<{ id: number; action: string }>(`SELECT id::int AS id, action FROM staff_audit WHERE id > $1 ORDER BY id`, [id]);

  it('every route, every generated request: no 5xx, no data change', async () => {
    const times: string[] = [];
    let before = await checksum();
    let lastAudit = (await auditAfter(0)).at(-1)?.id ?? 0;
    // Staff and demo routes last: what their successful actions leave behind (a notification for the customer, a claim
    // in another phase) would otherwise change what a customer route may do by design (mark it read).
    const run = routes
      .filter((r) => !ONLY || ONLY.some((p) => r.url.startsWith(p)))
      .sort((a, b) => Number(isStaffRoute(a.url)) - Number(isStaffRoute(b.url)));
    for (const route of run) {
      const started = performance.now();
      const staffRoute = isStaffRoute(route.url);
      const real = fc.oneof({ arbitrary: fc.constantFrom(...realSegments), weight: 3 }, { arbitrary: segment, weight: 1 });
      const segs4 = fc.array(staffRoute ? real : segment, { minLength: 4, maxLength: 4 });
      let succeeded = 0;
      await fc.assert(
        fc.asyncProperty(
          segs4,
          query,
          headers,
          staffRoute ? staffBody : body,
          staffRoute ? staffAuth : auth,
          async (segs, q, h, b, who) => {
            let i = 0;
            const url = route.url.replace(/:[A-Za-z0-9_]+|\*/g, () => encodeURIComponent(segs[i++ % segs.length] ?? ''));
            // Logout with a real token revokes its login (token_families): that is the route's job, and it would
            // log the fuzzer out. Logout is fuzzed with a garbage token and without one.
            if (who !== 'none' && (route.url.endsWith('/logout') || route.url.endsWith('/logout-all'))) who = 'garbage';
            // Deleting one of its own trips is also the route's job (only the customer's car has trips): the trip
            // delete is fuzzed with the other customer's real token instead, which must change nothing (IDOR).
            if (who === 'token' && route.method === 'DELETE' && route.url.startsWith('/api/trips/')) who = 'other-customer';
            const bearer = !tokens[who]
              ? {}
              : who.startsWith('staff-')
                ? { cookie: `${STAFF_COOKIE}=${tokens[who]}` }
                : { authorization: `Bearer ${tokens[who]}` };
            const json = b === undefined ? {} : { 'content-type': 'application/json' };
            const res = await t.app.inject({
              method: route.method as 'GET',
              url,
              query: q as Record<string, string | string[]>,
              headers: { ...json, ...h, ...bearer },
              ...(b === undefined ? {} : { payload: JSON.stringify(b) }),
              // Only the status matters: the body is read only to report a 5xx (the OpenAPI documents are 300–600 KB,
              // and collecting them into a string was half the run time).
              payloadAsStream: true,
            });
            const stream = res.stream();
            if (res.statusCode < 300) succeeded++;
            if (res.statusCode >= 500) {
              let text = '';
              for await (const chunk of stream) text += String(chunk);
              throw new Error(`${route.method} ${url} → ${res.statusCode}: ${text.slice(0, 300)}`);
            }
            stream.resume();
          },
        ),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      const after = await checksum();
      // A console or demo action that succeeded changed data by design; every other route must leave it as it was.
      const changesByDesign = staffRoute && route.method !== 'GET' && succeeded > 0;
      if (!changesByDesign) {
        expect({ route: `${route.method} ${route.url}`, sums: after }).toEqual({
          route: `${route.method} ${route.url}`,
          sums: before,
        });
      }
      before = after;
      const audit = await auditAfter(lastAudit);
      if (!(staffRoute && succeeded > 0)) {
        expect({ route: `${route.method} ${route.url}`, audit: audit.filter((r) => !REFUSAL_AUDIT.has(r.action)) }).toEqual({
          route: `${route.method} ${route.url}`,
          audit: [],
        });
      }
      lastAudit = audit.at(-1)?.id ?? lastAudit;
      times.push(`${((performance.now() - started) / 1000).toFixed(1)} s ${route.method} ${route.url}`);
    }
    // Where the time goes (the slowest routes first), for whoever makes this faster next.
    console.log(
      `fuzz: ${RUNS} runs × ${run.length} routes (${run.filter((r) => isStaffRoute(r.url)).length} staff/demo)\n${times
        .sort((a, b) => parseFloat(b) - parseFloat(a))
        .slice(0, 8)
        .join('\n')}`,
    );
  }, 1_200_000);
});
