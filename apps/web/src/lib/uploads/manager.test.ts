import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse, route, server } from '../../../test/msw';
import { tusServer } from '../../../test/fake-tus';
import { fakeLogin } from '../../../test/support-fixtures';
import { clearSession } from '../session';

// jsdom has no IndexedDB: idb-keyval's store as a Map (as offline-cache.test.ts), and `indexedDB` present so the
// outbox believes it has one. Blobs are kept as they are (structuredClone of a Blob is the browser's business).
const stored = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: (key: string) => Promise.resolve(stored.get(key)),
  set: (key: string, value: unknown) => Promise.resolve(void stored.set(key, { ...(value as object) })),
  del: (key: string) => Promise.resolve(void stored.delete(key)),
  entries: () => Promise.resolve([...stored.entries()]),
  clear: () => Promise.resolve(stored.clear()),
}));

const outbox = await import('./outbox');
type OutboxFile = import('./outbox').OutboxFile;
const m = { ...(await import('./manager')), ...(await import('./send')) };

const photo = (kb: number) => new Blob([new Uint8Array(kb * 1024)], { type: 'image/jpeg' });
const files = () => [...stored.values()].filter((e) => (e as { kind: string }).kind === 'arquivo') as OutboxFile[];
const online = (on: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(on);
  window.dispatchEvent(new Event(on ? 'online' : 'offline'));
};
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));

describe('the outbox (ADR 093): per login, deleted at logout', () => {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', {});
    stored.clear();
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps this login's entries under its key, oldest first; another login's are not read; clearOutbox deletes all", async () => {
    const entry = (id: string, createdAt: number): OutboxFile => ({
      kind: 'arquivo',
      id,
      blob: photo(1),
      name: `${id}.jpg`,
      type: 'image/jpeg',
      size: 1024,
      target: { destino: 'foto-sinistro', caso: '2026-000007', tipo: 'frente' },
      titulo: 'Frente do veículo',
      createdAt,
      state: 'pendente',
    });
    await outbox.putEntry(entry('b', 2));
    await outbox.putEntry(entry('a', 1));
    const owner = localStorage.getItem('guarita.offlineKey');
    expect([...stored.keys()].sort()).toEqual([`${owner}:a`, `${owner}:b`]);
    expect((await outbox.loadEntries()).map((e) => e.id)).toEqual(['a', 'b']);
    // Logged out: localStorage (the key) went, so nothing is readable even before the store is cleared.
    localStorage.clear();
    expect(await outbox.loadEntries()).toEqual([]);
    await outbox.clearOutbox();
    expect(stored.size).toBe(0);
  });
});

describe('the upload manager (ADR 093)', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.stubGlobal('indexedDB', {});
    stored.clear();
    localStorage.clear();
    fakeLogin();
    client = new QueryClient();
    void m.startUploads(client);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    clearSession();
  });

  it('a photo is on the device before its first byte goes; progress per chunk; stored: out of the outbox, claims refreshed', async () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    let keptBeforeFirstRequest: boolean | null = null;
    tusServer.onRequest = (method) => {
      if (method === 'POST') keptBeforeFirstRequest = files().length === 1 && files()[0]!.blob.size === 600 * 1024;
    };
    const seen: number[] = [];
    const stop = m.subscribe(() => {
      const it = m.getSnapshot()[0];
      if (it && !seen.includes(it.percent)) seen.push(it.percent);
    });
    tusServer.finish = (metadata) => {
      expect(metadata).toMatchObject({ destino: 'foto-sinistro', caso: '2026-000007', tipo: 'frente' });
      return null;
    };
    const outcome = await m.sendPhoto({
      blob: photo(600),
      name: 'frente.jpg',
      caso: '2026-000007',
      tipo: 'frente',
      titulo: 'Frente do veículo',
    });
    stop();
    expect(outcome).toBe('enviado');
    expect(keptBeforeFirstRequest).toBe(true);
    // 600 KB in chunks of 256 KB: three steps.
    expect(seen).toEqual(expect.arrayContaining([43, 85, 100]));
    expect(files()).toEqual([]);
    expect(m.getSnapshot()).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['claims'] });
    // Every request carried the customer's bearer token.
    expect(tusServer.tokens.every((t) => /^Bearer .+\..+\..+$/.test(t))).toBe(true);
  });

  it("cut mid-upload: 'guardado', listed as 'aguardando' with its progress; back online it resumes at the server's offset, one upload", async () => {
    tusServer.cutAfterChunks = 1;
    const outcome = await m.sendPhoto({
      blob: photo(600),
      name: 'frente.jpg',
      caso: '2026-000007',
      tipo: 'frente',
      titulo: 'Frente do veículo',
    });
    expect(outcome).toBe('guardado');
    expect(m.getSnapshot()).toEqual([
      expect.objectContaining({ titulo: 'Frente do veículo', nome: 'frente.jpg', status: 'aguardando', percent: 43 }),
    ]);
    // The device kept where the upload lives on the server.
    expect(files()[0]!.uploadUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);

    tusServer.down = false;
    tusServer.cutAfterChunks = null;
    online(true);
    await until(() => m.getSnapshot().length === 0);
    expect(tusServer.log.filter((r) => r === 'POST')).toHaveLength(1);
    // One chunk received, one lost to the cut, then the two left: nothing received is sent again.
    expect(tusServer.log.filter((r) => r.startsWith('PATCH'))).toHaveLength(1 + 1 + 2);
    expect(files()).toEqual([]);
  });

  it('the browser goes offline: the upload stops at once and waits; a reload (memory gone) resumes it from the device', async () => {
    tusServer.chunkDelayMs = 30;
    const done = m.sendPhoto({ blob: photo(600), name: 'frente.jpg', caso: '2026-000007', tipo: 'frente', titulo: 'Frente do veículo' });
    await until(() => (m.getSnapshot()[0]?.percent ?? 0) > 0);
    online(false);
    expect(await done).toBe('guardado');
    expect(m.getSnapshot()[0]).toMatchObject({ status: 'aguardando' });

    // The app is opened again: nothing in memory, the outbox on the device.
    m.resetForTests();
    expect(m.getSnapshot()).toEqual([]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    fakeLogin();
    tusServer.chunkDelayMs = 0;
    await m.startUploads(client);
    await until(() => m.getSnapshot().length === 0);
    expect(tusServer.log.filter((r) => r === 'POST')).toHaveLength(1);
    expect(tusServer.log.filter((r) => r.startsWith('HEAD'))).toHaveLength(1);
    expect(files()).toEqual([]);
  });

  it("a refusal found later (nobody waiting): listed with the server's message; 'Tentar novamente' sends it again, 'Descartar' drops it", async () => {
    tusServer.down = true;
    expect(await m.sendPhoto({ blob: photo(10), name: 'cnh.jpg', caso: '2026-000007', tipo: 'cnh', titulo: 'CNH do condutor' })).toBe(
      'guardado',
    );
    tusServer.down = false;
    tusServer.finish = () => ({ status: 415, body: { erro: 'UNSUPPORTED_FILE_TYPE', mensagem: 'Formato de arquivo não aceito.' } });
    online(true);
    await until(() => m.getSnapshot()[0]?.status === 'recusado');
    expect(m.getSnapshot()[0]).toMatchObject({ mensagem: 'Formato de arquivo não aceito.' });
    expect(files()[0]).toMatchObject({ state: 'recusado', mensagem: 'Formato de arquivo não aceito.' });

    tusServer.finish = () => null;
    await m.retry(m.getSnapshot()[0]!.id);
    await until(() => m.getSnapshot().length === 0);
    expect(files()).toEqual([]);

    tusServer.down = true;
    await m.sendPhoto({ blob: photo(10), name: 'cnh.jpg', caso: '2026-000007', tipo: 'cnh', titulo: 'CNH do condutor' });
    await m.discard(m.getSnapshot()[0]!.id);
    expect(m.getSnapshot()).toEqual([]);
    expect(files()).toEqual([]);
  });

  it('a refusal while the screen waits rejects with the message and keeps nothing (the screen shows it)', async () => {
    tusServer.finish = () => ({ status: 409, body: { erro: 'CLAIM_CLOSED', mensagem: 'Sinistro encerrado.' } });
    await expect(
      m.sendPhoto({ blob: photo(10), name: 'cnh.jpg', caso: '2026-000007', tipo: 'cnh', titulo: 'CNH do condutor' }),
    ).rejects.toMatchObject({ status: 409, message: 'Sinistro encerrado.' });
    expect(m.getSnapshot()).toEqual([]);
    expect(files()).toEqual([]);
  });

  it('logging out stops everything and forgets it; the outbox is deleted', async () => {
    tusServer.down = true;
    await m.sendPhoto({ blob: photo(10), name: 'cnh.jpg', caso: '2026-000007', tipo: 'cnh', titulo: 'CNH do condutor' });
    expect(m.getSnapshot()).toHaveLength(1);
    clearSession();
    expect(m.getSnapshot()).toEqual([]);
    await until(() => stored.size === 0);
  });

  it('a request with files: the files go as anexos, then one case with their ids and its key; a cut at the creation resumes it', async () => {
    const posted: Array<{ body: Record<string, unknown>; key: string | null }> = [];
    let answer = () => HttpResponse.error() as Response;
    server.use(
      http.post(route('/api/cases/contracts/{nCtrId}'), async ({ request }) => {
        posted.push({ body: (await request.json()) as Record<string, unknown>, key: request.headers.get('idempotency-key') });
        return answer();
      }),
    );
    const fractions: number[][] = [];
    const outcome = await m.sendRequest({
      nCtrId: 100104,
      dados: { tipo: 'carro-reserva', telefone: '(31) 98765-4321' },
      idempotencyKey: 'chave-1',
      titulo: 'Carro reserva',
      files: [
        { blob: photo(300), name: 'a.jpg' },
        { blob: photo(20), name: 'b.jpg' },
      ],
      onProgress: (f) => fractions.push(f),
    });
    expect(outcome).toBe('guardado');
    expect(fractions.at(-1)).toEqual([1, 1]);
    expect(m.getSnapshot().map((it) => [it.titulo, it.status])).toEqual([
      ['Carro reserva: a.jpg', 'aguardando'],
      ['Carro reserva: b.jpg', 'aguardando'],
    ]);
    const ids = [...tusServer.uploads.keys()];
    expect(ids).toHaveLength(2);
    expect([...tusServer.uploads.values()].map((u) => u.metadata)).toEqual([
      expect.objectContaining({ destino: 'anexo', contrato: '100104' }),
      expect.objectContaining({ destino: 'anexo', contrato: '100104' }),
    ]);

    answer = () => HttpResponse.json({ CaseNumber: '2026-000130' }, { status: 201 });
    online(true);
    await until(() => m.getSnapshot().length === 0);
    expect(posted).toHaveLength(2);
    expect(posted.map((p) => p.key)).toEqual(['chave-1', 'chave-1']);
    expect(posted[1]!.body).toEqual({ tipo: 'carro-reserva', telefone: '(31) 98765-4321', anexos: ids });
    // The files were not sent again.
    expect(tusServer.log.filter((r) => r === 'POST')).toHaveLength(2);
    expect(stored.size).toBe(0);
  });
});
