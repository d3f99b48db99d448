import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_GRACE_MS, sweepPendingFiles } from '../src/modules/uploads/pending';
import { S3Storage } from '../src/ports/s3-storage';
import { LocalDiskStorage, type FileStorage } from '../src/ports/storage';
import { createTestApp, fileOf, formBody, type TestApp } from './helpers';
import { COLLISION_CLAIM_FORM, aLoggedInCustomer, type Customer } from './factories';

/**
 * Issue 23 item 11 (ADR 035): a process killed in the middle of an upload leaves no file that no row accounts for.
 * The kill is the storage adapter's: at the chosen moment it writes (or not) and then does nothing more, as a dead
 * process would; the database rolls back what was not committed, as it does for a dropped connection. The next start's
 * sweep must then leave storage holding exactly the files rows reference. Both adapters: local disk and S3 (s3rver).
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');
const TEL = '(31) 98765-4321';

/** A storage adapter whose process can be killed at one moment: after a file is written, or before a file is deleted. */
class KillableStorage implements FileStorage {
  readonly name: string;
  readonly written: string[] = [];
  private killAt: 'after-put' | 'before-delete' | null = null;
  private dead = false;
  constructor(readonly inner: FileStorage) {
    this.name = inner.name;
  }
  killAfterNextPut() {
    this.killAt = 'after-put';
  }
  killBeforeNextDelete() {
    this.killAt = 'before-delete';
  }
  /** The next start: a new process, nothing armed. */
  restart() {
    this.killAt = null;
    this.dead = false;
  }
  async put(key: string, data: Buffer, contentType: string) {
    if (this.dead) throw new Error('killed');
    await this.inner.put(key, data, contentType);
    this.written.push(key);
    if (this.killAt === 'after-put') {
      this.dead = true;
      throw new Error('kill -9 right after the file was written');
    }
  }
  get(key: string) {
    return this.inner.get(key);
  }
  async delete(key: string) {
    if (this.killAt === 'before-delete') this.dead = true;
    if (this.dead) throw new Error('killed');
    await this.inner.delete(key);
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: Record<string, unknown>) => S3rverInstance;

const adapters: { name: string; open(dir: string): Promise<{ storage: FileStorage; close(): Promise<void> }> }[] = [
  { name: 'local disk', open: async (dir) => ({ storage: new LocalDiskStorage(dir), close: async () => {} }) },
  {
    name: 'S3 (s3rver)',
    open: async (dir) => {
      const server = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: dir,
        configureBuckets: [{ name: 'up', configs: [] }],
      });
      const { port } = await server.run();
      const storage = new S3Storage({
        bucket: 'up',
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        endpoint: `http://127.0.0.1:${port}`,
      });
      return { storage, close: () => server.close() };
    },
  },
];

describe.each(adapters)('uploads killed mid-way leave nothing unaccounted ($name)', (adapter) => {
  let t: TestApp;
  let dir: string;
  let storage: KillableStorage;
  let closeStorage: () => Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'guarita-crash-'));
    const opened = await adapter.open(dir);
    storage = new KillableStorage(opened.storage);
    closeStorage = opened.close;
    t = await createTestApp({ ports: { fileStorage: storage } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await closeStorage?.();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A support case with a PDF on `c`'s contract. */
  const contest = async (c: Customer) => {
    const form = new FormData();
    form.append('dados', JSON.stringify({ tipo: 'contestacao', telefone: TEL, descricao: 'Cobrança em dobro.' }));
    form.append('arquivos', ...fileOf(PDF, 'fatura.pdf', 'application/pdf'));
    const body = await formBody(form);
    return c.call('POST', `/api/cases/contracts/${c.contract.nCtrId}`, body.payload, {
      'idempotency-key': randomUUID(),
      'content-type': body.contentType,
    });
  };
  const uploadBoletim = (c: Customer, caseNumber: string) =>
    c.call('PUT', `/api/claims/cases/${caseNumber}/photos/boletim-ocorrencia`, PDF, { 'content-type': 'application/octet-stream' });
  const referenced = async () =>
    new Set(
      (await t.query<{ k: string }>('SELECT storage_key AS k FROM case_attachments UNION ALL SELECT storage_key FROM claim_photos')).map(
        (r) => r.k,
      ),
    );
  /** Of every key this test wrote: those whose file is still in storage without a row. */
  const unaccounted = async () => {
    const rows = await referenced();
    const left: string[] = [];
    for (const k of storage.written) if (!rows.has(k) && (await storage.inner.get(k)) !== null) left.push(k);
    return left;
  };
  /** The next start: a new process sweeps what is pending, long after the crash. */
  const restart = async () => {
    storage.restart();
    return sweepPendingFiles(t.db, storage, { olderThanMs: 0 });
  };

  it('a case create killed after its file was written: the next start deletes the file', async () => {
    const c = await aLoggedInCustomer(t);
    const start = storage.written.length; // the keys other tests of this file wrote are theirs
    expect((await contest(c)).statusCode).toBe(201);
    storage.killAfterNextPut();
    expect((await contest(c)).statusCode).toBe(500);
    const orphan = storage.written.at(-1)!;
    expect(await unaccounted()).toEqual([orphan]);

    // A sweep within the grace period leaves it (it could be an upload still in flight on another instance)…
    expect(await sweepPendingFiles(t.db, storage, { olderThanMs: PENDING_GRACE_MS })).toBe(0);
    expect(await storage.inner.get(orphan)).not.toBeNull();
    // …the next start's sweep, past it, deletes it; the committed attachment stays and downloads.
    expect(await restart()).toBe(1);
    expect(await unaccounted()).toEqual([]);
    expect(await t.query('SELECT * FROM storage_pending')).toEqual([]);
    const kept = storage.written.slice(start).filter((k) => k !== orphan);
    expect(kept).toHaveLength(1);
    expect(await storage.inner.get(kept[0]!)).toEqual(PDF);
    if (adapter.name === 'local disk') {
      expect(filesUnder(dir)).toEqual(expect.arrayContaining(kept));
      expect(filesUnder(dir)).not.toContain(orphan);
    }
  });

  it('a claim photo replaced, killed before the old file was deleted: the next start deletes the old file', async () => {
    const c = await aLoggedInCustomer(t); // its contract covers collision
    const claim = await c.call('POST', `/api/claims/contracts/${c.contract.nCtrId}`, COLLISION_CLAIM_FORM, {
      'idempotency-key': randomUUID(),
    });
    expect(claim.statusCode).toBe(201);
    const n = claim.json().CaseNumber as string;
    expect((await uploadBoletim(c, n)).statusCode).toBe(200);
    const old = storage.written.at(-1)!;
    storage.killBeforeNextDelete();
    await uploadBoletim(c, n); // committed; the process dies before deleting the file it replaced
    const current = storage.written.at(-1)!;
    expect(current).not.toBe(old);
    expect(await unaccounted()).toEqual([old]);

    expect(await restart()).toBe(1);
    expect(await unaccounted()).toEqual([]);
    expect(await storage.inner.get(old)).toBeNull();
    expect(await storage.inner.get(current)).toEqual(PDF);
    if (adapter.name === 'local disk') {
      const rows = await referenced();
      expect(filesUnder(dir).every((f) => rows.has(f))).toBe(true);
    }
  });
});

describe('local disk: a put killed mid-write', () => {
  it('leaves only its temporary file, which deleting the key (as the sweep does) removes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'guarita-crash-'));
    try {
      const disk: FileStorage = new LocalDiskStorage(dir);
      const key = `cases/2026/${randomUUID()}.pdf`;
      // What writeFile leaves when the process dies before the rename: the key's temporary file, half written.
      mkdirSync(path.join(dir, 'cases', '2026'), { recursive: true });
      writeFileSync(path.join(dir, `${key}.tmp`), PDF.subarray(0, 10));
      await disk.delete(key);
      expect(filesUnder(dir)).toEqual([]);
      // And a put of that key afterwards is not refused by the leftover.
      writeFileSync(path.join(dir, `${key}.tmp`), PDF.subarray(0, 10));
      await disk.put(key, PDF, 'application/pdf');
      expect(filesUnder(dir)).toEqual([key]);
      expect(await disk.get(key)).toEqual(PDF);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
