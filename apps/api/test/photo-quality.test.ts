import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoProblems, type LumaImage } from '@guarita/domain';
import { gaussianBlur, labelledSet, motionBlur, streetScene } from '@guarita/domain/photo-quality-scenes';
import { measurePhoto } from '../src/modules/uploads/photo-quality';
import { FixedClock } from '../src/ports/clock';
import { aClaim, aLoggedInCustomer, CLAIM_LIKE, type ContractInput } from './factories';
import { createTestApp, fileOf, formBody, type TestApp } from './helpers';
import { STAFF, staffLogin, staffRequest } from './staff-helpers';

/** Issue 31 item 3 (ADR 090): the server measures photos with sharp and the domain's functions, stores and shows them. */

const jpeg = (img: LumaImage, quality = 88) =>
  sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 1 } })
    .toColourspace('srgb')
    .jpeg({ quality })
    .toBuffer();

describe('photo quality on the server', () => {
  it('classes the labelled set, sent as JPEG, as the domain does (one scene)', async () => {
    const wrong: string[] = [];
    for (const p of labelledSet([4])) {
      const m = (await measurePhoto(await jpeg(p.image), 50_000_000))!;
      const problems = photoProblems(m);
      const expected = { nítida: [], tremida: ['tremida'], escura: ['escura'], 'baixa resolução': ['baixa_resolucao'] }[p.label];
      if (!expected.every((e) => problems.includes(e as never)) || (expected.length === 0 && problems.length > 0))
        wrong.push(`${p.name}: ${JSON.stringify(m)} ${problems.join(',')}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers the size as seen (orientation applied), and null for what does not decode', async () => {
    const turned = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#808080' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await measurePhoto(turned, 50_000_000)).toMatchObject({ width: 900, height: 1200, sharpness: 0, brightness: 0.5 });
    expect(await measurePhoto(Buffer.from('not an image'), 50_000_000)).toBeNull();
  });

  describe('stored with a claim or spare-car photo and shown to staff', () => {
    let t: TestApp;
    let uploads: string;
    const clock = new FixedClock(new Date());
    let token: string;
    let desk: string;
    beforeAll(async () => {
      uploads = mkdtempSync(path.join(tmpdir(), 'guarita-photo-quality-'));
      t = await createTestApp({ clock, env: { UPLOADS_DIR: uploads } });
      token = await staffLogin(t, clock, STAFF.sinistros);
      desk = await staffLogin(t, clock, STAFF.atendimento);
    }, 180_000);
    afterAll(async () => {
      await t?.close();
      rmSync(uploads, { recursive: true, force: true });
    });

    it('a blurred photo scores low, a sharp one high, a PDF has none; the staff case detail carries them', async () => {
      const c = await aLoggedInCustomer(t);
      const n = await aClaim(t, c.contract, CLAIM_LIKE.collisionInDocumentation);
      const scene = streetScene(7);
      const put = async (type: string, data: Buffer) =>
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/claims/cases/${n}/photos/${type}`,
            headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/octet-stream' },
            payload: data,
          })
        ).statusCode;
      expect(await put('frente', await jpeg(motionBlur(scene, 35)))).toBe(200);
      expect(await put('traseira', await jpeg(gaussianBlur(scene, 0.6)))).toBe(200);

      const detail = (await staffRequest(t, token, 'GET', `/api/backoffice/casos/${n}`)).json();
      const photo = (tipo: string) => detail.sinistro.fotos.find((f: { tipo: string }) => f.tipo === tipo);
      expect(photo('frente').qualidade).toEqual({ nitidez: expect.any(Number), brilho: expect.any(Number), largura: 1500, altura: 1125 });
      expect(photo('frente').qualidade.nitidez).toBeLessThan(100);
      expect(photo('traseira').qualidade.nitidez).toBeGreaterThan(200);
      expect(photo('traseira').qualidade.brilho).toBeCloseTo(0.54, 1);
      // The boletim is a PDF: no measures; a seeded file from before them has none either.
      expect(photo('boletim-ocorrencia')?.qualidade ?? null).toBeNull();
      expect(photo('cnh').qualidade).toBeNull();
    });

    it('spare-car photos sent with the request carry their measures to the staff case detail', async () => {
      // A cover with spare car, paid up and free of every blocking rule (as the vehicles test's SPARE_CAR).
      const cover: ContractInput = {
        dueDay: 5,
        tracker: false,
        items: ['roubo_furto', 'rastreador', 'assistencia', 'colisao', 'carro_reserva'],
      };
      const c = await aLoggedInCustomer(t, { contract: cover });
      const form = new FormData();
      form.append(
        'dados',
        JSON.stringify({ tipo: 'carro-reserva', telefone: '(31) 98765-4321', motivo: 'Colisão', transporte: 'reembolso_transporte' }),
      );
      const scene = streetScene(8);
      form.append('arquivos', ...fileOf(await jpeg(gaussianBlur(scene, 5)), 'f0'));
      form.append('arquivos', ...fileOf(await jpeg(scene), 'f1'));
      const body = await formBody(form);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/cases/contracts/${c.contract.nCtrId}`,
        headers: { authorization: `Bearer ${c.token}`, 'idempotency-key': randomUUID(), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const detail = (await staffRequest(t, desk, 'GET', `/api/backoffice/casos/${res.json().CaseNumber}`)).json();
      const [blurred, sharpOne] = detail.anexos.map((a: { qualidade: { nitidez: number } }) => a.qualidade);
      expect(blurred.nitidez).toBeLessThan(100);
      expect(sharpOne).toMatchObject({ largura: 1500, altura: 1125 });
      expect(sharpOne.nitidez).toBeGreaterThan(200);
    });
  });
});
