import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../src/ports/s3-storage';
import { newStorageKey } from '../src/ports/storage';
import { createTestApp, fileOf, formBody, type TestApp } from './helpers';
import { aLoggedInCustomer } from './factories';

/**
 * The S3-compatible file-storage adapter (ADR 035) against a real S3-protocol server started in process
 * (s3rver: PutObject/GetObject/DeleteObject over HTTP with AWS Signature V4 checks), and a whole case create +
 * download through the API with S3_BUCKET configured.
 */

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverCtor = new (opts: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverCtor;

const BUCKET = 'guarita-uploads';
const KEY_ID = 'S3RVER'; // s3rver's built-in credentials
const SECRET = 'S3RVER';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');

describe('S3-compatible storage', () => {
  let dir: string;
  let server: S3rverInstance;
  let endpoint: string;
  const storage = (over: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
    new S3Storage({ bucket: BUCKET, region: 'us-east-1', accessKeyId: KEY_ID, secretAccessKey: SECRET, endpoint, ...over });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'guarita-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts, gets and deletes an object; a missing key reads as null and deletes without error', async () => {
    const s = storage();
    const key = newStorageKey('cases', 'pdf');
    await s.put(key, PDF, 'application/pdf');
    expect(await s.get(key)).toEqual(PDF);
    await s.delete(key);
    expect(await s.get(key)).toBeNull();
    await expect(s.delete(key)).resolves.toBeUndefined();
  });

  it('keeps binary data byte for byte (1 MB of random bytes)', async () => {
    const s = storage();
    const key = newStorageKey('cases', 'jpg');
    const data = Buffer.from(Array.from({ length: 1024 * 1024 }, () => Math.floor(Math.random() * 256)));
    await s.put(key, data, 'image/jpeg');
    expect((await s.get(key))!.equals(data)).toBe(true);
    await s.delete(key);
  });

  // s3rver checks the access key but not the V4 signature itself (its docs: "unimplemented"); ADR 035.
  it('fails loudly with an unknown access key or a bucket that does not exist', async () => {
    const key = newStorageKey('cases', 'pdf');
    await expect(storage({ accessKeyId: 'NAO-EXISTE' }).put(key, PDF, 'application/pdf')).rejects.toThrow(/HTTP 403/);
    await expect(storage({ bucket: 'nao-existe' }).put(key, PDF, 'application/pdf')).rejects.toThrow(/HTTP 404/);
  });

  it('refuses keys that are not server-generated', async () => {
    await expect(storage().put('../etc/passwd', PDF, 'application/pdf')).rejects.toThrow(/invalid storage key/);
  });

  describe('through the API (S3_BUCKET set)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        env: { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: KEY_ID, S3_SECRET_ACCESS_KEY: SECRET },
      });
    }, 180_000);
    afterAll(() => t?.close());

    it('a contestation with a PDF is stored in the bucket and downloads back to its owner', async () => {
      expect(t.app.fileStorage.name).toBe('s3');
      const c = await aLoggedInCustomer(t);
      const form = new FormData();
      form.append('dados', JSON.stringify({ tipo: 'contestacao', telefone: '(31) 98765-4321', descricao: 'Cobrança em dobro.' }));
      form.append('arquivos', ...fileOf(PDF, 'f.pdf', 'application/pdf'));
      const body = await formBody(form);
      const created = await c.call('POST', `/api/cases/contracts/${c.contract.nCtrId}`, body.payload, {
        'idempotency-key': randomUUID(),
        'content-type': body.contentType,
      });
      expect(created.statusCode, created.body).toBe(201);
      const caseId = created.json().Id as string;
      const detail = await c.call('GET', `/api/cases/${caseId}`);
      expect(detail.json().anexos).toHaveLength(1);
      const attachmentId = detail.json().anexos[0].Id as string;
      const file = await c.call('GET', `/api/cases/${caseId}/attachments/${attachmentId}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(PDF)).toBe(true);
    });
  });
});
