import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Upload, type DetailedError, type UploadOptions } from 'tus-js-client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MSG, MAX_UNFINISHED_UPLOADS, MAX_UPLOADS_PER_DAY, SUPPORT_MSG, UPLOAD_MSG } from '@guarita/domain';
import { createTestApp, listFiles, type TestApp } from './helpers';
import { CLAIM_LIKE, aClaim, aContract, aLoggedInCustomer, type Customer } from './factories';
import { RETENTION_RULES, retentionSettings } from '../src/modules/retention/policy';
import { pruneAll } from '../src/modules/retention/prune';

/**
 * Resumable uploads (issue 31 item 2, ADR 092): the tus endpoint /api/uploads over the database, its checks at creation,
 * a claim photo stored once through the claims service at the last byte, attachments taken by a support request,
 * ownership (IDOR), limits, and retention. PGlite, and PostgreSQL with DATABASE_URL.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');
const TEL = '(31) 98765-4321';

/** tus Upload-Metadata: comma-separated `key base64(value)` pairs. */
const metadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

describe('resumable uploads (tus)', () => {
  let t: TestApp;
  let uploads: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    uploads = mkdtempSync(path.join(tmpdir(), 'guarita-tus-'));
    t = await createTestApp({ env: { UPLOADS_DIR: uploads } });
    // Noise so that the JPEG is large enough to be sent in three chunks of real size.
    const noise = Buffer.alloc(600 * 400 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    jpeg = await sharp(noise, { raw: { width: 600, height: 400, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  const tus = { 'tus-resumable': '1.0.0' };
  const auth = (c: Customer) => ({ authorization: `Bearer ${c.token}` });
  const create = (c: Customer, meta: Record<string, string>, length: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...auth(c), ...tus, 'upload-length': String(length), 'upload-metadata': metadata(meta) },
    });
  const idOf = (res: { headers: Record<string, unknown> }) => String(res.headers.location).split('/').pop()!;
  const patch = (c: Customer, id: string, offset: number, data: Buffer) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/uploads/${id}`,
      headers: { ...auth(c), ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      payload: data,
    });
  const head = (c: Customer, id: string) => t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: { ...auth(c), ...tus } });
  const del = (c: Customer, id: string) => t.app.inject({ method: 'DELETE', url: `/api/uploads/${id}`, headers: { ...auth(c), ...tus } });
  const count = async (sql: string, params: unknown[] = []) => (await t.query<{ n: number }>(sql, params))[0]!.n;
  const photoRows = (caseNumber: string, type: string) =>
    count(`SELECT count(*)::int AS n FROM claim_photos p JOIN cases k ON k.id = p.case_id WHERE k.case_number = $1 AND p.type_id = $2`, [
      caseNumber,
      type,
    ]);
  /** A customer with a contract and an open collision claim (in documentation: photos wanted). */
  const claimant = async () => {
    const c = await aLoggedInCustomer(t);
    const caso = await aClaim(t, c.contract, CLAIM_LIKE.collisionInDocumentation);
    return { c, caso };
  };

  it('a claim photo in three chunks is stored once, through the claims service; HEAD after it says done', async () => {
    const { c, caso } = await claimant();
    const before = listFiles(uploads).length;
    const created = await create(c, { destino: 'foto-sinistro', caso, tipo: 'frente', filename: 'x.jpg' }, jpeg.length);
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    expect(created.headers['upload-expires']).toBeDefined();
    expect(Date.parse(String(created.headers['upload-expires'])) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(created.headers['cache-control']).toBe('no-store');
    expect(created.headers['x-content-type-options']).toBe('nosniff');
    expect(created.headers['access-control-allow-origin']).toBeUndefined();
    const id = idOf(created);

    const mid = await patch(c, id, 0, jpeg.subarray(0, 1000));
    expect(mid.statusCode).toBe(204);
    expect(mid.headers['upload-offset']).toBe('1000');
    const h = await head(c, id);
    expect(h.statusCode).toBe(200);
    expect(h.headers['upload-offset']).toBe('1000');
    expect(h.headers['upload-length']).toBe(String(jpeg.length));
    expect(h.headers['cache-control']).toBe('no-store');
    // The stored metadata is the validated fields only (no file name).
    expect(
      String(h.headers['upload-metadata'])
        .split(',')
        .map((p) => p.split(' ')[0]),
    ).toEqual(['destino', 'caso', 'tipo']);

    const rest = jpeg.subarray(1000);
    const half = Math.ceil(rest.length / 2);
    expect((await patch(c, id, 1000, rest.subarray(0, half))).statusCode).toBe(204);
    const last = await patch(c, id, 1000 + half, rest.subarray(half));
    expect(last.statusCode).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(jpeg.length));

    const claim = (await t.app.inject({ method: 'GET', url: `/api/claims/cases/${caso}`, headers: auth(c) })).json();
    expect(claim.fotos.map((f: { TipoFoto: { Id: string } }) => f.TipoFoto.Id)).toContain('frente');
    expect(await photoRows(caso, 'frente')).toBe(1);
    expect(listFiles(uploads).length).toBe(before + 1);
    // Re-encoded like any claim photo (no EXIF, a JPEG of its own).
    const stored = await t.app.inject({ method: 'GET', url: `/api/claims/cases/${caso}/photos/frente`, headers: auth(c) });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.equals(jpeg)).toBe(false);
    // The bytes are gone from the database; the row stays, finished.
    expect(await count('SELECT count(*)::int AS n FROM upload_chunks WHERE upload_id = $1', [id])).toBe(0);

    // A client that lost the last answer asks: done. An empty PATCH at the end (a finish again) stores nothing.
    const after = await head(c, id);
    expect(after.headers['upload-offset']).toBe(String(jpeg.length));
    const again = await patch(c, id, jpeg.length, Buffer.alloc(0));
    expect(again.statusCode).toBe(204);
    expect(await photoRows(caso, 'frente')).toBe(1);
    expect(listFiles(uploads).length).toBe(before + 1);
    // A chunk past the end is refused.
    expect((await patch(c, id, jpeg.length, Buffer.from('x'))).statusCode).toBe(413);
  });

  it('offset mismatch is 409 and changes nothing; a chunk beyond Upload-Length is refused', async () => {
    const { c, caso } = await claimant();
    const id = idOf(await create(c, { destino: 'foto-sinistro', caso, tipo: 'traseira' }, 100));
    expect((await patch(c, id, 0, Buffer.alloc(40, 1))).statusCode).toBe(204);
    const conflict = await patch(c, id, 10, Buffer.alloc(10, 1));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.headers['content-type']).toMatch(/^application\/json/);
    expect(conflict.json()).toMatchObject({
      sucesso: false,
      status: 409,
      erro: 'UPLOAD_OFFSET_CONFLICT',
      mensagem: UPLOAD_MSG.offsetConflict,
    });
    expect((await head(c, id)).headers['upload-offset']).toBe('40');
    const beyond = await patch(c, id, 40, Buffer.alloc(61, 1));
    expect(beyond.statusCode).toBe(413);
    expect(beyond.json().erro).toBe('FILE_TOO_LARGE');
    expect((await head(c, id)).headers['upload-offset']).toBe('40');
    // Extensions we do not offer: a bad request, never a 5xx.
    const deferred = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...auth(c),
        ...tus,
        'upload-defer-length': '1',
        'upload-metadata': metadata({ destino: 'foto-sinistro', caso, tipo: 'frente' }),
      },
    });
    expect(deferred.statusCode).toBe(400);
    expect(deferred.json().erro).toBe('BAD_REQUEST');
    // No Tus-Resumable: tus's 412, in our envelope.
    const noTus = await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: auth(c) });
    expect(noTus.statusCode).toBe(412);
    // Without a token: 401 like every customer route.
    expect((await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: tus })).statusCode).toBe(401);
    const anon = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...tus, 'upload-length': '10' } });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().erro).toBe('UNAUTHORIZED');
  });

  it("another customer's upload is a missing one: 404 on HEAD, PATCH and DELETE; their claim and contract too", async () => {
    const { c, caso } = await claimant();
    const other = await aLoggedInCustomer(t);
    const id = idOf(await create(c, { destino: 'foto-sinistro', caso, tipo: 'painel' }, 100));
    expect((await patch(c, id, 0, Buffer.alloc(10, 1))).statusCode).toBe(204);
    const missing = randomUUID();
    for (const target of [id, missing, 'not-a-uuid']) {
      const h = await head(other, target);
      expect(h.statusCode).toBe(404);
      const p = await patch(other, target, 10, Buffer.alloc(10, 2));
      expect(p.statusCode).toBe(404);
      expect(p.json()).toMatchObject({ erro: 'NOT_FOUND', mensagem: UPLOAD_MSG.notFound });
      expect((await del(other, target)).statusCode).toBe(404);
    }
    // Untouched by all that.
    expect((await head(c, id)).headers['upload-offset']).toBe('10');
    const foreignClaim = await create(other, { destino: 'foto-sinistro', caso, tipo: 'painel' }, 100);
    expect(foreignClaim.statusCode).toBe(404);
    expect(foreignClaim.json()).toMatchObject({ erro: 'NOT_FOUND', mensagem: 'Sinistro não encontrado.' });
    const foreignContract = await create(other, { destino: 'anexo', contrato: String(c.contract.nCtrId) }, 100);
    expect(foreignContract.statusCode).toBe(404);
    expect(foreignContract.json().mensagem).toBe(SUPPORT_MSG.contractNotFound);
    const closed = await aContract(t, other, { status: 'Encerrado' });
    expect((await create(other, { destino: 'anexo', contrato: String(closed.nCtrId) }, 100)).statusCode).toBe(404);
    // The owner may discard it: then it is gone.
    expect((await del(c, id)).statusCode).toBe(204);
    expect((await head(c, id)).statusCode).toBe(404);
    expect(await count('SELECT count(*)::int AS n FROM upload_chunks WHERE upload_id = $1', [id])).toBe(0);
  });

  it('checks at creation: metadata, photo type, closed claim, size; too many unfinished is 429', async () => {
    const { c, caso } = await claimant();
    const bad = await create(c, { destino: 'outro' }, 10);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ erro: 'VALIDATION', mensagem: UPLOAD_MSG.badDestino });
    expect((await create(c, { destino: 'foto-sinistro', caso }, 10)).json().mensagem).toBe(UPLOAD_MSG.badFields);
    expect((await create(c, { destino: 'anexo' }, 10)).statusCode).toBe(400);
    const noMeta = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...auth(c), ...tus, 'upload-length': '10' } });
    expect(noMeta.statusCode).toBe(400);
    expect((await create(c, { destino: 'foto-sinistro', caso, tipo: 'nao-existe' }, 10)).statusCode).toBe(404);
    const big = await create(c, { destino: 'foto-sinistro', caso, tipo: 'frente' }, 5 * 1024 * 1024 + 1);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ erro: 'FILE_TOO_LARGE', mensagem: CLAIM_MSG.fileTooLarge });
    const empty = await create(c, { destino: 'foto-sinistro', caso, tipo: 'frente' }, 0);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().erro).toBe('EMPTY_FILE');
    expect((await create(c, { destino: 'anexo', contrato: String(c.contract.nCtrId) }, 5 * 1024 * 1024 + 1)).statusCode).toBe(413);
    expect(await count('SELECT count(*)::int AS n FROM uploads WHERE customer_id = $1', [c.id])).toBe(0);

    for (let i = 0; i < MAX_UNFINISHED_UPLOADS; i++) {
      expect((await create(c, { destino: 'anexo', contrato: String(c.contract.nCtrId) }, 10)).statusCode).toBe(201);
    }
    const tooMany = await create(c, { destino: 'anexo', contrato: String(c.contract.nCtrId) }, 10);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ erro: 'TOO_MANY_UPLOADS', mensagem: UPLOAD_MSG.tooManyUnfinished });
    // A finished one no longer counts.
    const [first] = await t.query<{ id: string }>('SELECT id FROM uploads WHERE customer_id = $1 LIMIT 1', [c.id]);
    expect((await patch(c, first!.id, 0, PDF.subarray(0, 10))).statusCode).toBe(204);
    expect((await create(c, { destino: 'anexo', contrato: String(c.contract.nCtrId) }, 10)).statusCode).toBe(201);

    await t.app.inject({ method: 'POST', url: `/api/dev/claims/${caso}/phase`, payload: { fase: 'Finalização', encerrar: true } });
    const closed = await create(c, { destino: 'foto-sinistro', caso, tipo: 'frente' }, 10);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().erro).toBe('CLAIM_CLOSED');
  });

  it('at most MAX_UPLOADS_PER_DAY creations per customer a day: 429 with Retry-After', async () => {
    const c = await aLoggedInCustomer(t);
    const anexo = () => create(c, { destino: 'anexo', contrato: String(c.contract.nCtrId) }, 10);
    expect((await anexo()).statusCode).toBe(201);
    await t.query(`INSERT INTO rate_limit_hits (bucket) SELECT $1 FROM generate_series(2, $2::int)`, [
      `day:uploads:${c.id}`,
      MAX_UPLOADS_PER_DAY,
    ]);
    const refused = await anexo();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(24 * 3600));
    expect(refused.json()).toMatchObject({ erro: 'RATE_LIMITED', mensagem: UPLOAD_MSG.tooManyToday });
    expect(await count('SELECT count(*)::int AS n FROM uploads WHERE customer_id = $1', [c.id])).toBe(1);
  });

  it('a refused photo (wrong type) answers the last PATCH with 415 and the envelope, and the upload is gone', async () => {
    const { c, caso } = await claimant();
    const exe = Buffer.from('MZ\u0090\u0000not really a photo at all, only bytes');
    const photosBefore = await photoRows(caso, 'lateral-esquerda');
    const id = idOf(await create(c, { destino: 'foto-sinistro', caso, tipo: 'lateral-esquerda' }, exe.length));
    expect((await patch(c, id, 0, exe.subarray(0, 10))).statusCode).toBe(204);
    const last = await patch(c, id, 10, exe.subarray(10));
    expect(last.statusCode).toBe(415);
    expect(last.headers['content-type']).toMatch(/^application\/json/);
    expect(last.json()).toMatchObject({ sucesso: false, erro: 'UNSUPPORTED_FILE_TYPE', mensagem: CLAIM_MSG.wrongFileType });
    expect((await head(c, id)).statusCode).toBe(404);
    expect(await count('SELECT count(*)::int AS n FROM uploads WHERE id = $1', [id])).toBe(0);
    expect(await photoRows(caso, 'lateral-esquerda')).toBe(photosBefore);
  });

  it('bytes received but not finished (a crash before the finish): the last chunk is asked again and finishes it', async () => {
    const { c, caso } = await claimant();
    const id = idOf(await create(c, { destino: 'foto-sinistro', caso, tipo: 'lateral-direita' }, jpeg.length));
    expect((await patch(c, id, 0, jpeg.subarray(0, 500))).statusCode).toBe(204);
    // As if the process stopped after the last chunk's commit: all bytes in, not finished.
    await t.query('INSERT INTO upload_chunks (upload_id, chunk_offset, bytes) VALUES ($1, 500, $2)', [id, jpeg.subarray(500)]);
    await t.query('UPDATE uploads SET upload_offset = upload_length WHERE id = $1', [id]);
    expect((await head(c, id)).headers['upload-offset']).toBe('500');
    expect((await patch(c, id, 500, jpeg.subarray(500))).statusCode).toBe(204);
    expect(await photoRows(caso, 'lateral-direita')).toBe(1);
    expect((await head(c, id)).headers['upload-offset']).toBe(String(jpeg.length));
  });

  let listening: string | undefined;
  /** The app on a real port (once), for the tests that need a real connection. */
  const baseUrl = async () => {
    if (!listening) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      listening = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    }
    return listening;
  };

  it('over a real connection: a chunk cut midway stores none of its bytes; the client resumes from HEAD', async () => {
    const { c, caso } = await claimant();
    const base = await baseUrl();
    const headers = { ...auth(c), ...tus };
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...headers,
        'upload-length': String(jpeg.length),
        'upload-metadata': metadata({ destino: 'foto-sinistro', caso, tipo: 'painel' }),
      },
    });
    expect(created.status).toBe(201);
    const url = `${base}${created.headers.get('location')}`;
    // 1000 bytes, then the connection fails (the phone lost its signal).
    const cut = new ReadableStream<Uint8Array>({
      start(ctrl) {
        ctrl.enqueue(new Uint8Array(jpeg.subarray(0, 1000)));
        setTimeout(() => ctrl.error(new Error('sem sinal')), 100);
      },
    });
    await expect(
      fetch(url, {
        method: 'PATCH',
        headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: cut,
        duplex: 'half',
      } as RequestInit),
    ).rejects.toThrow();
    const offset = async () => (await fetch(url, { method: 'HEAD', headers })).headers.get('upload-offset');
    await expect.poll(offset).toBe('0');
    const half = Math.ceil(jpeg.length / 2);
    for (const [from, to] of [
      [0, half],
      [half, jpeg.length],
    ] as const) {
      const res = await fetch(url, {
        method: 'PATCH',
        headers: { ...headers, 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(jpeg.subarray(from, to)),
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('upload-offset')).toBe(String(to));
    }
    expect(await offset()).toBe(String(jpeg.length));
    expect(await photoRows(caso, 'painel')).toBe(1);
  });

  describe("tus-js-client (the browser's library) in Node against the real server", () => {
    /** Runs one tus-js-client upload to its end: its URL, or the error it gave up with. */
    const run = (c: Customer, data: Buffer, meta: Record<string, string>, opts: Partial<UploadOptions> = {}) =>
      baseUrl().then(
        (base) =>
          new Promise<{ url: string | null; error?: DetailedError }>((resolve) => {
            const up: Upload = new Upload(data, {
              endpoint: `${base}/api/uploads`,
              chunkSize: 16 * 1024,
              metadata: meta,
              retryDelays: [],
              onBeforeRequest: (req) => req.setHeader('Authorization', `Bearer ${c.token}`),
              onSuccess: () => resolve({ url: up.url }),
              onError: (error) => resolve({ url: up.url, error: error as DetailedError }),
              ...opts,
            });
            up.start();
          }),
      );

    it('sends a claim photo in chunks; stopped midway, a new client resumes from the stored URL; stored once', async () => {
      const { c, caso } = await claimant();
      const base = await baseUrl();
      const meta = { destino: 'foto-sinistro', caso, tipo: 'dano-detalhe', filename: 'foto.jpg', filetype: 'image/jpeg' };
      // The app closed after two chunks.
      let url = '';
      await new Promise<void>((resolve, reject) => {
        let chunks = 0;
        const first: Upload = new Upload(jpeg, {
          endpoint: `${base}/api/uploads`,
          chunkSize: 16 * 1024,
          metadata: meta,
          retryDelays: [],
          onBeforeRequest: (req) => req.setHeader('Authorization', `Bearer ${c.token}`),
          onChunkComplete: () => {
            if (++chunks === 2) {
              url = first.url!;
              void first.abort().then(resolve, reject);
            }
          },
          onError: reject,
        });
        first.start();
      });
      expect((await head(c, idOf({ headers: { location: url } }))).headers['upload-offset']).toBe(String(32 * 1024));
      // Reopened: the outbox knows the URL; the client asks where it stands and sends the rest.
      const sent: number[] = [];
      const resumed = await run(c, jpeg, meta, {
        uploadUrl: url,
        onAfterResponse: (req, res) => {
          if (req.getMethod() === 'PATCH') sent.push(Number(res.getHeader('Upload-Offset')));
        },
      });
      expect(resumed.error).toBeUndefined();
      expect(resumed.url).toBe(url);
      expect(sent[0]).toBe(48 * 1024); // the third chunk first: nothing sent twice
      expect(sent.at(-1)).toBe(jpeg.length);
      expect(await photoRows(caso, 'dano-detalhe')).toBe(1);
      // Sent again from the same URL (an outbox that lost the success): HEAD says done, nothing is stored again.
      const again = await run(c, jpeg, meta, { uploadUrl: url });
      expect(again.error).toBeUndefined();
      expect(await photoRows(caso, 'dano-detalhe')).toBe(1);
    });

    it("a refused photo ends the upload with the server's status and pt-BR message; the URL is gone", async () => {
      const { c, caso } = await claimant();
      const exe = Buffer.concat([Buffer.from('MZ\u0090\u0000'), Buffer.alloc(40_000, 7)]);
      const res = await run(c, exe, { destino: 'foto-sinistro', caso, tipo: 'frente' });
      expect(res.error?.originalResponse?.getStatus()).toBe(415);
      expect(JSON.parse(res.error!.originalResponse!.getBody()).mensagem).toBe(CLAIM_MSG.wrongFileType);
      expect((await head(c, idOf({ headers: { location: res.url } }))).statusCode).toBe(404);
      const refused = await run(c, jpeg, { destino: 'foto-sinistro', caso: '2026-999999', tipo: 'frente' });
      expect(refused.error?.originalResponse?.getStatus()).toBe(404);
      expect(JSON.parse(refused.error!.originalResponse!.getBody()).mensagem).toBe('Sinistro não encontrado.');
    });
  });

  describe('attachments sent ahead (anexos)', () => {
    const ombudsman = { tipo: 'ouvidoria', telefone: TEL, descricao: 'Reclamação com anexo enviado antes.' };
    const sendCase = (c: Customer, body: unknown, key: string = randomUUID(), nCtrId = c.contract.nCtrId) =>
      c.call('POST', `/api/cases/contracts/${nCtrId}`, body, { 'idempotency-key': key });
    const anexo = async (c: Customer, data: Buffer, contrato = c.contract.nCtrId, finish = true) => {
      const id = idOf(await create(c, { destino: 'anexo', contrato: String(contrato) }, data.length));
      const half = Math.ceil(data.length / 2);
      expect((await patch(c, id, 0, data.subarray(0, half))).statusCode).toBe(204);
      if (finish) expect((await patch(c, id, half, data.subarray(half))).statusCode).toBe(204);
      return id;
    };
    const casesOf = (c: Customer) => count('SELECT count(*)::int AS n FROM cases WHERE customer_id = $1', [c.id]);

    it('a finished attachment becomes the case attachment, re-encoded as multipart would; consumed; the key replays', async () => {
      const c = await aLoggedInCustomer(t);
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
        .jpeg()
        .withExif({ IFD0: { Make: 'CameraDeTeste' } })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const id = await anexo(c, photo);
      expect((await head(c, id)).headers['upload-offset']).toBe(String(photo.length));
      const key = randomUUID();
      const res = await sendCase(c, { ...ombudsman, anexos: [id] }, key);
      expect(res.statusCode).toBe(201);
      expect(res.json().anexos).toBe(1);
      const detail = (await c.call('GET', `/api/cases/${res.json().Id}`)).json();
      expect(detail.anexos).toHaveLength(1);
      const file = await c.call('GET', `/api/cases/${res.json().Id}/attachments/${detail.anexos[0].Id}`);
      expect(file.statusCode).toBe(200);
      // Re-encoded like a multipart file: a JPEG without the camera's metadata.
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      // Consumed with the case.
      expect(await count('SELECT count(*)::int AS n FROM uploads WHERE id = $1', [id])).toBe(0);
      // The same request again (its answer lost): the first answer, though the upload is gone.
      const replay = await sendCase(c, { ...ombudsman, anexos: [id] }, key);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json().Id).toBe(res.json().Id);
      expect(await casesOf(c)).toBe(1);
      // The same key for another request: refused as ever.
      expect((await sendCase(c, { ...ombudsman, descricao: 'Outra.', anexos: [id] }, key)).statusCode).toBe(422);
    });

    it('an unknown, foreign, unfinished or other-contract attachment is 400 and nothing is created', async () => {
      const c = await aLoggedInCustomer(t);
      const other = await aLoggedInCustomer(t);
      const second = await aContract(t, c);
      const unfinished = await anexo(c, PDF, c.contract.nCtrId, false);
      const foreign = await anexo(other, PDF, other.contract.nCtrId);
      const elsewhere = await anexo(c, PDF, second.nCtrId);
      const caso = await aClaim(t, c.contract, CLAIM_LIKE.collisionInDocumentation);
      const photo = idOf(await create(c, { destino: 'foto-sinistro', caso, tipo: 'frente' }, 10));
      const before = await casesOf(c);
      for (const ids of [[randomUUID()], [foreign], [unfinished], [elsewhere], [photo], ['not-a-uuid']]) {
        const res = await sendCase(c, { ...ombudsman, anexos: ids });
        expect(res.statusCode, ids.join()).toBe(400);
        expect(res.json()).toMatchObject({ erro: 'ANEXO_NOT_FINISHED', mensagem: UPLOAD_MSG.anexoNotFinished });
      }
      const six = await sendCase(c, { ...ombudsman, anexos: Array.from({ length: 6 }, () => randomUUID()) });
      expect(six.statusCode).toBe(400);
      expect(six.json().mensagem).toBe(SUPPORT_MSG.tooManyFiles);
      expect(await casesOf(c)).toBe(before);
      // None was consumed by the refusals.
      expect(await count('SELECT count(*)::int AS n FROM uploads WHERE id = ANY($1::uuid[])', [[foreign, elsewhere, unfinished]])).toBe(3);
      // A wrong type is refused at the case, as multipart: 415, no case, the upload kept for another try.
      const exe = await anexo(c, Buffer.from('MZ\u0090\u0000not a document'));
      const wrong = await sendCase(c, { ...ombudsman, anexos: [exe] });
      expect(wrong.statusCode).toBe(415);
      expect(await casesOf(c)).toBe(before);
      expect(await count('SELECT count(*)::int AS n FROM uploads WHERE id = $1', [exe])).toBe(1);
    });
  });

  it('retention: unfinished uploads go 24 h after creation, finished ones 24 h after finishing, with their chunks', async () => {
    const c = await aLoggedInCustomer(t);
    const make = async (finish: boolean) => {
      const id = idOf(await create(c, { destino: 'anexo', contrato: String(c.contract.nCtrId) }, PDF.length));
      expect((await patch(c, id, 0, finish ? PDF : PDF.subarray(0, 5))).statusCode).toBe(204);
      return id;
    };
    const oldUnfinished = await make(false);
    const youngUnfinished = await make(false);
    const oldFinished = await make(true);
    const youngFinished = await make(true);
    // Unfinished: expires_at = created_at + 24 h; finished: expires_at = finished_at + 24 h.
    await t.query(`UPDATE uploads SET created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE id = $1`, [
      oldUnfinished,
    ]);
    await t.query(
      `UPDATE uploads SET created_at = now() - interval '30 hours', finished_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE id = $1`,
      [oldFinished],
    );
    expect((await head(c, oldUnfinished)).statusCode).toBe(404);
    expect(RETENTION_RULES.map((r) => r.table)).toEqual(expect.arrayContaining(['uploads', 'upload_chunks']));
    const deleted = await pruneAll(t.db, retentionSettings(t.config), new Date());
    expect(deleted.uploads).toBeGreaterThanOrEqual(2);
    const left = await t.query<{ id: string }>('SELECT id FROM uploads WHERE customer_id = $1', [c.id]);
    expect(left.map((r) => r.id).sort()).toEqual([youngUnfinished, youngFinished].sort());
    expect(
      await count('SELECT count(*)::int AS n FROM upload_chunks WHERE upload_id = ANY($1::uuid[])', [[oldUnfinished, oldFinished]]),
    ).toBe(0);
    const finished = await t.query<{ f: string; e: string }>('SELECT finished_at AS f, expires_at AS e FROM uploads WHERE id = $1', [
      youngFinished,
    ]);
    expect(new Date(finished[0]!.e).getTime() - new Date(finished[0]!.f).getTime()).toBe(24 * 3600_000);
  });
});
