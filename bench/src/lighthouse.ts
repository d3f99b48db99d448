import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { logInSession } from './login';
import { threadBlocking, type ThreadBlocking } from './thread-blocking';

import type { LighthouseRoute } from './lighthouse-routes';
export { LIGHTHOUSE_ROUTES, type LighthouseRoute } from './lighthouse-routes';

export const LIGHTHOUSE_TARGETS = {
  score: (r: LighthouseRoute) => (r.public ? 98 : 95),
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0.02,
} as const;

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes on the wire (transfer size) of every script the page loaded. */
  jsBytes: number;
  /** Where the page ended up (a logged-in route that bounced to '/' measured the wrong page). */
  finalPath: string;
  /** The blocking time of the observed trace by wall time and by the main thread's CPU time (thread-blocking.ts). */
  observed: ThreadBlocking | null;
}

export interface LighthouseFigure {
  route: LighthouseRoute;
  /** The run with the median performance score. */
  median: LighthouseRun;
  runs: LighthouseRun[];
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

// The session flag the web app reads on load (apps/web/src/lib/session.ts): "try the refresh cookie".
const SESSION_FLAG = 'guarita.session';

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

/** BENCH_LIGHTHOUSE_SAVE=<dir>: every run's full JSON report is written there (to read the LCP element, the critical chain…). */
const SAVE_DIR = process.env.BENCH_LIGHTHOUSE_SAVE?.trim() || undefined;
let saved = 0;

async function runOnce(base: string, route: LighthouseRoute): Promise<LighthouseRun> {
  // A fresh browser (and profile) per run: cold cache, no cookies but the ones we set.
  const browser: Browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    if (route.auth) {
      const { refreshCookie, pageCookie } = await logInSession(base);
      // Any same-origin page that is not the app (which would warm the cache) will do to reach localStorage.
      await page.goto(`${base}/healthz`);
      await page.evaluate(`localStorage.setItem(${JSON.stringify(SESSION_FLAG)}, '1')`);
      // Both cookies exactly as verify set them, as a browser holds them right after a login.
      const domain = new URL(base).hostname;
      await browser.setCookie(...[refreshCookie, pageCookie].map((c) => ({ ...c, domain, httpOnly: true, sameSite: 'Strict' as const })));
    }
    const result = await lighthouse(
      base + route.path,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Logged-in runs keep the cookie and flag set above; the profile is fresh, so the cache is cold anyway.
        disableStorageReset: route.auth,
      },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${route.path}`);
    if (SAVE_DIR) {
      mkdirSync(SAVE_DIR, { recursive: true });
      const name = `${route.path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${++saved}.json`;
      writeFileSync(path.join(SAVE_DIR, name), typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${route.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const num = (id: string) => {
      const v = lhr.audits[id]?.numericValue;
      if (typeof v !== 'number') throw new Error(`Lighthouse on ${route.path}: no ${id} (${lhr.audits[id]?.errorMessage ?? 'missing'})`);
      return v;
    };
    const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []) as NetworkItem[];
    const jsBytes = items.filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
    const score = lhr.categories.performance?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse on ${route.path}: no performance score`);
    return {
      score: Math.round(score * 100),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      jsBytes,
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      observed: threadBlocking(result.artifacts.Trace?.traceEvents ?? [], lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4),
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse's mobile preset (simulated Slow 4G, 4× CPU slowdown), `runs` times; the median run by score. */
export async function measureRoute(base: string, route: LighthouseRoute, runs = 3): Promise<LighthouseFigure> {
  const all: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) {
    // Lighthouse occasionally loses the trace on a busy machine (NO_NAVSTART, NO_FCP): one retry per run.
    all.push(await runOnce(base, route).catch(() => runOnce(base, route)));
  }
  const sorted = [...all].sort((a, b) => a.score - b.score || a.lcpMs - b.lcpMs);
  return { route, median: sorted[Math.floor(sorted.length / 2)]!, runs: all };
}
