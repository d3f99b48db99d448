import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';

/** CRC16-CCITT (poly 0x1021, init 0xFFFF), as the BR Code (EMV MPM) field 63 carries it: 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The EMV "ID + 2-digit length + value" fields of a BR Code (or of one of its templates). */
export function emvFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let i = 0; i < text.length;) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    fields.set(id, text.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return fields;
}

/** Checks what a bank app checks in a "Pix copia e cola": the CRC, the Pix GUI, the amount and the txid. */
export function expectValidBrCode(payload: string, expected: { amount: string; txid: string }) {
  expect(payload.slice(-8, -4), 'CRC field id and length').toBe('6304');
  expect(payload.slice(-4), 'CRC16 of the payload').toBe(crc16(payload.slice(0, -4)));
  const fields = emvFields(payload);
  expect(fields.get('00'), 'payload format indicator').toBe('01');
  expect(fields.get('53'), 'currency (BRL)').toBe('986');
  expect(fields.get('54'), 'amount').toBe(expected.amount);
  expect(emvFields(fields.get('26') ?? '').get('00'), 'Pix GUI').toBe('br.gov.bcb.pix');
  expect(emvFields(fields.get('62') ?? '').get('05'), 'txid').toBe(expected.txid);
}

/** Decodes the Pix QR <img> as a phone camera would: its pixels, read through a canvas, into jsQR. */
export async function decodeQrImage(page: Page): Promise<string | null> {
  const img = page.getByRole('img', { name: /^QR code do Pix de R\$/ });
  await expect(img).toBeVisible();
  const pixels = await img.evaluate(async (el: HTMLImageElement) => {
    await el.decode();
    const canvas = document.createElement('canvas');
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(el, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let binary = '';
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width: canvas.width, height: canvas.height, rgba: btoa(binary) };
  });
  const rgba = new Uint8ClampedArray(Buffer.from(pixels.rgba, 'base64'));
  return jsQR(rgba, pixels.width, pixels.height)?.data ?? null;
}

/** The demo's stand-in for the bank: confirms a Pix through the same service path as the PSP webhook. */
export async function confirmPixAsTheBank(request: APIRequestContext, txid: string): Promise<string> {
  const res = await request.post(`/api/dev/pix/${txid}/confirm`);
  expect(res.status(), `POST /api/dev/pix/${txid}/confirm`).toBe(200);
  return ((await res.json()) as { resultado: string }).resultado;
}

/** Drags a bottom sheet's handle down by `dy` pixels, as a finger would. */
export async function dragSheetDown(page: Page, sheet: Locator, dy: number) {
  const box = await sheet.getByTestId('sheet-handle').boundingBox();
  if (!box) throw new Error('the sheet handle is not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + dy, { steps: 6 });
  await page.mouse.up();
}
