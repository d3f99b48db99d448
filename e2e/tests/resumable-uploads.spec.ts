import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { mariaSpec } from '../support/customers';
import { axeViolations } from '../support/axe';
import { loggedIn } from '../support/login';
import sharp from 'sharp';
import { scenePhoto } from '../support/photos';
import { sidewaysOverflow } from '../support/routes';

/**
 * Evidence and attachments never lost to a connection (issue 31 item 2, ADR 092 and 093): a claim photo and a
 * request's attachment are kept on the device, sent in tus chunks, and the connection is cut before the last chunk.
 * The file waits in 'Aguardando envio', a reload without a connection (the service worker's skeleton, the offline
 * view) still lists it, and back online it resumes where the server stood: the photo stored once, the case created
 * once with its attachment.
 */
test.describe.configure({ timeout: 150_000 });
// The reload without a connection is answered by the service worker (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const main = (page: Page) => page.getByRole('main');
const pending = (page: Page) => main(page).getByRole('region', { name: 'Aguardando envio' });

async function untilTheWorkerControls(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

/** The test scene with strong grain: sharp and bright enough for the photo check, and heavy after any re-encoding. */
async function grainyPhoto(): Promise<Buffer> {
  const scene = await sharp(await scenePhoto())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const noise = await sharp({
    create: {
      width: scene.info.width,
      height: scene.info.height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 0, sigma: 40 },
    },
  })
    .raw()
    .toBuffer();
  const mixed = Buffer.from(scene.data.map((v, i) => Math.max(0, Math.min(255, v + noise[i]! - 20))));
  return sharp(mixed, { raw: scene.info }).jpeg({ quality: 95 }).toBuffer();
}

interface TusTraffic {
  creations: number;
  /** Statuses of the PATCHes that reached the server. */
  patches: number[];
  /** The connection was cut (before the last chunk of the first upload). */
  cut: boolean;
}

/**
 * Watches the tus requests of the context; the first time a PATCH would carry an upload's last bytes, the
 * connection is cut instead (the request fails as offline), so the server holds all but the end.
 */
async function cutBeforeTheLastChunk(context: BrowserContext): Promise<TusTraffic> {
  const seen: TusTraffic = { creations: 0, patches: [], cut: false };
  const lengths = new Map<string, number>();
  await context.route(/\/api\/uploads(\/|$)/, async (route) => {
    const req = route.request();
    if (req.method() === 'POST') {
      const res = await route.fetch();
      seen.creations++;
      const location = res.headers()['location'];
      if (location) lengths.set(location.split('/').pop()!, Number(req.headers()['upload-length']));
      return route.fulfill({ response: res });
    }
    if (req.method() === 'PATCH') {
      const id = new URL(req.url()).pathname.split('/').pop()!;
      const offset = Number(req.headers()['upload-offset']);
      const size = req.postDataBuffer()?.length ?? 0;
      if (!seen.cut && offset + size >= (lengths.get(id) ?? Infinity)) {
        seen.cut = true;
        await context.setOffline(true);
        return route.abort('internetdisconnected');
      }
      const res = await route.fetch();
      seen.patches.push(res.status());
      return route.fulfill({ response: res });
    }
    return route.continue();
  });
  return seen;
}

/** The claim as the API has it, with the customer's own token (the browser's refresh cookie, as the app asks). */
async function claimJson(page: Page, caseNumber: string) {
  return page.evaluate(async (n) => {
    const tokens = (await (await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' })).json()) as {
      AccessToken: string;
    };
    const res = await fetch(`/api/claims/cases/${n}`, { headers: { authorization: `Bearer ${tokens.AccessToken}` } });
    return (await res.json()) as { fotos: Array<{ TipoFoto: { Id: string }; Foto: { Aprovacao: boolean | null } }> };
  }, caseNumber);
}

for (const width of [360, 1280]) {
  test(`a claim photo cut before its last chunk waits, survives an offline reload, and is stored once (${width} px)`, async ({
    page,
    context,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await loggedIn(page, request, mariaSpec());
    await untilTheWorkerControls(page);

    // Maria's collision claim has its front photo rejected: the re-send step.
    await page.goto('/sinistros');
    await main(page).getByText('foto reprovada: reenvie').first().locator('xpath=ancestor::li').getByRole('link').click();
    await expect(page).toHaveURL(/\/sinistros\/consulta\/\d{4}-\d{6}$/);
    const caseNumber = page.url().match(/\d{4}-\d{6}$/)![0];
    const before = await claimJson(page, caseNumber);
    expect(before.fotos.filter((f) => f.TipoFoto.Id === 'frente').map((f) => f.Foto.Aprovacao)).toEqual([false]);
    await main(page)
      .getByRole('button', { name: /Documentação/ })
      .click();
    await page.getByRole('dialog', { name: 'DOCUMENTAÇÃO' }).getByRole('button', { name: 'Reenviar foto(s)' }).click();
    await expect(main(page).getByRole('heading', { name: 'Frente do veículo' })).toBeVisible();

    const tus = await cutBeforeTheLastChunk(context);
    // A grainy photo (a street scene under heavy noise): even re-encoded at 1500 px it is several 256 KB chunks.
    const photo = { name: 'frente.jpg', mimeType: 'image/jpeg', buffer: await grainyPhoto() };
    await main(page).getByLabel('Escolher arquivo').setInputFiles(photo);
    await expect(
      main(page).getByText('A foto ficou guardada neste aparelho e será enviada sozinha quando a conexão voltar.', { exact: false }),
    ).toBeVisible();
    expect(tus.cut).toBe(true);
    await main(page).getByRole('button', { name: 'Continuar' }).click();

    // The case: the photo waiting, with how much the server has.
    await expect(page).toHaveURL(new RegExp(`/sinistros/consulta/${caseNumber}$`));
    const list = pending(page);
    await expect(list.getByText('Frente do veículo')).toBeVisible();
    await expect(list.getByText('Aguardando conexão', { exact: true })).toBeVisible();
    const bar = list.getByRole('progressbar', { name: 'Envio de Frente do veículo' });
    expect(Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page), 'no sideways scroll').toBeLessThanOrEqual(0);

    // Reloaded without a connection: the worker's skeleton, the offline view, the photo still listed from the device.
    const reload = await page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await expect(list.getByText('Frente do veículo')).toBeVisible();
    await expect(list.getByText('Aguardando conexão', { exact: true })).toBeVisible();

    // Back online: it resumes (the same upload, the last chunk) and leaves the list.
    await context.setOffline(false);
    await expect(list).toBeHidden({ timeout: 30_000 });
    expect(tus.creations).toBe(1);
    expect(tus.patches.filter((s) => s === 204).length).toBeGreaterThanOrEqual(2);
    expect(tus.patches.every((s) => s === 204)).toBe(true);

    // Stored once: one front photo, the new one (awaiting review), where the rejected one was.
    const after = await claimJson(page, caseNumber);
    expect(after.fotos.filter((f) => f.TipoFoto.Id === 'frente').map((f) => f.Foto.Aprovacao)).toEqual([null]);
  });

  test(`a request's attachment cut before its last chunk: the case is created once, with its file (${width} px)`, async ({
    page,
    context,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    const maria = await loggedIn(page, request, mariaSpec());
    await untilTheWorkerControls(page);
    await page.goto(`/suporte/${maria.contracts.onix}`);
    const cases = main(page).getByRole('region', { name: /Minhas solicitações/ });
    const contestations = cases.getByRole('button', { name: /Contestação de Fatura/ });
    await expect(cases.getByRole('button', { name: /Minhas solicitações \(\d+\)/ })).toBeVisible();
    const count = await contestations.count();

    const tus = await cutBeforeTheLastChunk(context);
    // A real PDF of ~700 KB (three chunks): its pages padded with a comment.
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\n'),
      Buffer.from(`%${'0'.repeat(99)}\n`.repeat(7000)),
      Buffer.from('trailer<< /Root 1 0 R >>\n%%EOF\n'),
    ]);
    await page.getByLabel('Tipo de solicitação').selectOption({ label: 'Contestação de Fatura' });
    await page.getByLabel('Telefone para contato (celular)').pressSequentially('31987654321');
    await page.getByLabel('Descrição').fill('A fatura de outubro veio em dobro.');
    await page.getByLabel('Anexo (PDF ou JPG)').setInputFiles({ name: 'fatura.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Enviar solicitação' }).click();
    await expect(main(page).getByText(/Sua solicitação e os arquivos ficaram guardados neste aparelho/)).toBeVisible();
    expect(tus.cut).toBe(true);
    const list = pending(page);
    await expect(list.getByText('Contestação de Fatura: fatura.pdf')).toBeVisible();
    await expect(list.getByText('Aguardando conexão', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page), 'no sideways scroll').toBeLessThanOrEqual(0);

    const reload = await page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await expect(list.getByText('Contestação de Fatura: fatura.pdf')).toBeVisible();

    await context.setOffline(false);
    await expect(list).toBeHidden({ timeout: 30_000 });
    expect(tus.creations).toBe(1);
    // Created once, and the list shows it (the manager refreshed it).
    await expect(contestations).toHaveCount(count + 1);
    await contestations.first().click();
    const view = page.getByRole('dialog');
    const download = page.waitForEvent('download');
    await view.getByRole('button', { name: /^Baixar / }).click();
    const file = await download;
    const chunks: Buffer[] = [];
    for await (const chunk of (await file.createReadStream())!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
  });
}
