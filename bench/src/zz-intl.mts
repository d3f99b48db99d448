import puppeteer from 'puppeteer-core';
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new','--no-sandbox','--disable-gpu'] });
for (let i = 0; i < 3; i++) {
const page = await browser.newPage();
await page.goto('about:blank');
console.log(await page.evaluate(`(() => { const r = {}; let t = performance.now();
 const a = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }); a.format(1); r.num = performance.now() - t; t = performance.now();
 const b = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }); r.dtfCreate = performance.now() - t; t = performance.now(); b.format(new Date()); r.dtfFormat = performance.now() - t; t = performance.now();
 const c = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }); c.format(new Date()); r.dtf2 = performance.now() - t; t = performance.now();
 JSON.parse(JSON.stringify(Array.from({length: 1000}, (_, i) => ({i})))); r.json = performance.now() - t;
 return JSON.stringify(r); })()`));
await page.close();
}
await browser.close();
