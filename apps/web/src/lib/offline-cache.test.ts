import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';

// jsdom has no IndexedDB: idb-keyval's store as a Map, and `indexedDB` present so the module believes it has one.
const stored = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: (key: string) => Promise.resolve(stored.get(key)),
  set: (key: string, value: unknown) => Promise.resolve(void stored.set(key, structuredClone(value))),
  clear: () => Promise.resolve(stored.clear()),
}));

const { keepForOffline, restoreOffline, MAX_AGE_MS } = await import('./offline-cache');
const { clearOfflineCache } = await import('./offline-store');

const bills = [{ dataVencimento: '2026-12-10', valor: 39440 }];

describe('the last data kept for offline use (ADR 091)', () => {
  let loggedIn = true;
  let stop: () => void;
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    vi.stubGlobal('indexedDB', {});
    stored.clear();
    localStorage.clear();
    loggedIn = true;
    client = new QueryClient();
    stop = keepForOffline(client, () => loggedIn);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** An answer arriving for `key`, and the save a second later. */
  async function answer(key: readonly unknown[], data: unknown) {
    await client.fetchQuery({ queryKey: key, queryFn: () => Promise.resolve(data) });
    await vi.advanceTimersByTimeAsync(1000);
  }

  it("keeps the screens' answers under this login's key, not a Pix code or the notifications", async () => {
    await answer(['contracts', 7, 'bills'], bills);
    await answer(['payments', 'pix', 'tx1'], { copiaECola: '000201' });
    await answer(['notifications', 'list'], []);
    expect(stored.size).toBe(1);
    const key = localStorage.getItem('guarita.offlineKey');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    const later = new QueryClient();
    expect(await restoreOffline(later)).toBe(true);
    expect(later.getQueryData(['contracts', 7, 'bills'])).toEqual(bills);
    expect(later.getQueryState(['contracts', 7, 'bills'])?.dataUpdatedAt).toBe(
      client.getQueryState(['contracts', 7, 'bills'])?.dataUpdatedAt,
    );
    expect(later.getQueryData(['payments', 'pix', 'tx1'])).toBeUndefined();
    expect(later.getQueryData(['notifications', 'list'])).toBeUndefined();
  });

  it('keeps nothing while logged out', async () => {
    loggedIn = false;
    await answer(['contracts'], []);
    expect(stored.size).toBe(0);
  });

  it('shows nothing of another login (its key went with localStorage at logout) nor anything older than a week', async () => {
    await answer(['plan', 7], { plano: 'Ouro' });
    expect(await restoreOffline(new QueryClient(), Date.now() + MAX_AGE_MS + 1)).toBe(false);
    localStorage.clear();
    expect(await restoreOffline(new QueryClient())).toBe(false);
  });

  it('logging out deletes every stored copy', async () => {
    await answer(['me'], { nome: 'Maria' });
    await clearOfflineCache();
    expect(stored.size).toBe(0);
    expect(await restoreOffline(new QueryClient())).toBe(false);
  });
});
