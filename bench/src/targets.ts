/** The targets of issue 2 §8 and issue 3 §7. */
export type DbKind = 'pglite' | 'postgres';

export const TARGETS = {
  /** Authenticated contracts read ÷ bare node:http, same run. */
  ratio: (db: DbKind) => (db === 'postgres' ? 0.45 : 0.3),
  /** Payment-history read ÷ bare node:http, same run. */
  paymentsRatio: 0.3,
  loginRouteKb: 90,
  paymentsRouteKb: 120,
  /**
   * Issue 6 ('`npm run bench` figures are no worse than before'): first-visit route JS (gzip KB) measured before the
   * platform work, the same way.
   */
  routeKbBeforePlatform: {
    '/': 119.5,
    '/pagamentos': 119.4,
    '/pagamentos/fatura-em-aberto': 130.0,
    '/pagamentos/cartao': 125.1,
    '/antecipacao': 126.5,
  } as Record<string, number>,
  peakRssMb: 250,
  /** Authenticated contracts read ÷ the reference server (reference-server.ts), same run, same database. */
  referenceRatio: 0.7,
  /** At a fixed 500 req/s for 60 s. */
  steadyP99Ms: 25,
  steadyErrors: 0,
  /** 'Minhas solicitações' read ÷ bare node:http, same run (issue 9 §7; same bar as the payment history). */
  casesRatio: 0.3,
  /** Keyset paging: a page at the far end of 1M positions' trips ÷ a page near the start (same trip sizes), same run. */
  tripsDeepPageRatio: 0.8,
  /**
   * The staff queue's reads on 1M cases (issue 13 §4, issue 30; BENCH_CONNECTIONS readers, p99): every order and
   * filter, and the search box by each key (ADR 085).
   */
  queueP99Ms: 150,
  queueSearchP99Ms: 150,
  /** Issue 7 item 9: |median login time, a customer's document − an unknown valid one| over 100 tries each. */
  loginTimingDiffMs: 5,
} as const;

export const KB = 1024;
export const MB = 1024 * 1024;
