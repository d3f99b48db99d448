import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { logInSession } from '/work/wt/perf/bench/src/login.ts';
const base = 'http://127.0.0.1:3205';
const route = process.argv[2] ?? '/dashboard';
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new','--no-sandbox','--disable-gpu','--disable-dev-shm-usage'] });
const page = await browser.newPage();
if (route !== '/' && route !== '/contato') {
const { refreshCookie } = await logInSession(base);
await page.goto(`${base}/healthz`);
await page.evaluate(`localStorage.setItem('guarita.session','1')`);
await browser.setCookie({ name: refreshCookie.name, value: refreshCookie.value, domain: '127.0.0.1', path: refreshCookie.path, httpOnly: true, sameSite: 'Strict' });
}
const r = await lighthouse(base + route, { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true }, undefined, page);
const a = r!.lhr.audits;
console.log('score', r!.lhr.categories.performance.score, 'LCP', a['largest-contentful-paint'].numericValue, 'TBT', a['total-blocking-time'].numericValue, 'CLS', a['cumulative-layout-shift'].numericValue, 'final', r!.lhr.finalDisplayedUrl);
for (const id of ['bootup-time', 'mainthread-work-breakdown', 'long-tasks', 'largest-contentful-paint-element', 'layout-shifts']) {
  console.log('==', id, a[id]?.displayValue);
  console.log(JSON.stringify((a[id]?.details as any)?.items?.slice(0, 8), null, 0).slice(0, 2500));
}
await browser.close();
