import puppeteer from 'puppeteer-core';
import { logInSession } from './login.ts';
const base = 'http://127.0.0.1:3205';
const route = process.argv[2] ?? '/dashboard';
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new','--no-sandbox','--disable-gpu','--disable-dev-shm-usage'] });
const page = await browser.newPage();
const { refreshCookie } = await logInSession(base);
await page.goto(`${base}/healthz`);
await page.evaluate(`localStorage.setItem('guarita.session','1')`);
await browser.setCookie({ name: refreshCookie.name, value: refreshCookie.value, domain: '127.0.0.1', path: refreshCookie.path, httpOnly: true, sameSite: 'Strict' });
const cdp = await page.createCDPSession();
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(base + route, { waitUntil: 'networkidle0' });
await new Promise((r) => setTimeout(r, 1500));
const { profile } = await cdp.send('Profiler.stop') as any;
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<number, number>();
const dt = profile.timeDeltas; 
profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
const agg = new Map<string, number>();
for (const [id, us] of self) { const n: any = byId.get(id); const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}:${cf.columnNumber}`; agg.set(key, (agg.get(key) ?? 0) + us); }
// inclusive by parent chain
const parent = new Map<number, number>(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map<string, number>();
for (const [id, us] of self) { const seen = new Set<string>(); let cur: number | undefined = id; while (cur !== undefined) { const cf = (byId.get(cur) as any).callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}:${cf.columnNumber}`; if (!seen.has(key)) { incl.set(key, (incl.get(key) ?? 0) + us); seen.add(key); } cur = parent.get(cur); } }
console.log('SELF'); [...agg].sort((a,b)=>b[1]-a[1]).slice(0,25).forEach(([k,v])=>console.log((v/1000).toFixed(0).padStart(7), k));
console.log('INCL'); [...incl].sort((a,b)=>b[1]-a[1]).filter(([k])=>!/index-|\(/.test(k)).slice(0,40).forEach(([k,v])=>console.log((v/1000).toFixed(0).padStart(7), k));
await browser.close();
