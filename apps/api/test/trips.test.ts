import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMeters } from '@guarita/domain';
import { aContract, aLoggedInCustomer, someTrips, type Customer } from './factories';
import { createTestApp, sleep, type TestApp } from './helpers';
import { BH_ROUTES, SimulatedTrackingFeed, drive, insertPositions } from '../src/ports/tracking-feed';
import { SIMULATED_CONTRACT } from '../src/modules/trips';

/** Each test makes the customer, contract and trips it reads (ADR 070). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 300_000); // a fresh database per file; slow on a loaded machine
afterAll(() => t?.close());

interface Page {
  Itens: Array<{
    Id: number;
    DataHoraInicio: string;
    DataHoraFim: string;
    EnderecoInicio: string;
    EnderecoFim: string;
    Deletado: boolean;
    CoordenadasValidas: Array<{ lat: number; long: number; ts: string }>;
    totalDistance: number;
    mediumVelocity: number;
    maximumVelocity: number;
  }>;
  PossuiProximaPagina: boolean;
  ProximaPagina: string | null;
}

const page = async (nCtrId: number, who: { token: string }, cursor?: string) => {
  const res = await t.get(`/api/trips/contracts/${nCtrId}${cursor ? `?pagina=${encodeURIComponent(cursor)}` : ''}`, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

/** A logged-in customer whose tracked contract has `count` trips, the last ended two hours ago. */
async function aDriver(count: number): Promise<Customer> {
  const c = await aLoggedInCustomer(t);
  await someTrips(t, c.contract, { count, lastEndedHoursAgo: 2 });
  return c;
}

describe('trips paging', () => {
  it('pages of 10, newest first, until PossuiProximaPagina is false; every trip once', async () => {
    const c = await aDriver(24);
    const seen: number[] = [];
    const starts: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    for (;;) {
      const p = await page(c.contract.nCtrId, c, cursor);
      sizes.push(p.Itens.length);
      seen.push(...p.Itens.map((i) => i.Id));
      starts.push(...p.Itens.map((i) => i.DataHoraInicio));
      if (!p.PossuiProximaPagina) {
        expect(p.ProximaPagina).toBeNull();
        break;
      }
      cursor = p.ProximaPagina!;
    }
    expect(sizes).toEqual([10, 10, 4]);
    expect(new Set(seen).size).toBe(24);
    expect([...starts].sort().reverse()).toEqual(starts);
  });

  it('each trip carries valid coordinates only and figures derived from them', async () => {
    const c = await aDriver(12);
    const p = await page(c.contract.nCtrId, c);
    expect(p.Itens).toHaveLength(10);
    for (const trip of p.Itens) {
      expect(trip.Deletado).toBe(false);
      expect(trip.EnderecoInicio).toMatch(/Belo Horizonte - MG$/);
      expect(trip.CoordenadasValidas.length).toBeGreaterThan(3);
      expect(trip.CoordenadasValidas.some((c) => c.lat === 0 && c.long === 0)).toBe(false);
      let km = 0;
      for (let i = 1; i < trip.CoordenadasValidas.length; i++)
        km += haversineMeters(trip.CoordenadasValidas[i - 1]!, trip.CoordenadasValidas[i]!) / 1000;
      expect(trip.totalDistance).toBeCloseTo(km, 0);
      expect(trip.totalDistance).toBeGreaterThan(1);
      expect(trip.mediumVelocity).toBeGreaterThan(10);
      expect(trip.mediumVelocity).toBeLessThanOrEqual(trip.maximumVelocity);
      expect(trip.maximumVelocity).toBeLessThan(80);
    }
  });

  it("a trip's route and figures are kept with it: the page reads no position (ADR 084)", async () => {
    const c = await aDriver(3);
    const before = await page(c.contract.nCtrId, c);
    await t.query('DELETE FROM positions WHERE n_ctr_id = $1', [c.contract.nCtrId]);
    expect(await page(c.contract.nCtrId, c)).toEqual(before);
  });

  it('a trip recorded without its summary is worked out from its positions, then summarised by the housekeeping pass', async () => {
    const c = await aLoggedInCustomer(t);
    const n = c.contract.nCtrId;
    // A trip as recorded before ADR 084: positions and a trips row with no summary.
    const end = new Date(t.app.clock.now().getTime() - 3_600_000);
    await insertPositions(
      t.owner,
      n,
      drive(BH_ROUTES[1]!.path, new Date(end.getTime() - 1_800_000), () => 0.5),
    );
    const { started, ended } = (
      await t.query<{ started: Date; ended: Date }>('SELECT min(ts) AS started, max(ts) AS ended FROM positions WHERE n_ctr_id = $1', [n])
    )[0]!;
    await t.query(`INSERT INTO trips (n_ctr_id, started_at, ended_at, start_address, end_address) VALUES ($1, $2, $3, 'A', 'B')`, [
      n,
      started,
      ended,
    ]);
    const computed = await page(n, c);
    expect(computed.Itens).toHaveLength(1);
    const [trip] = computed.Itens;
    expect(trip!.totalDistance).toBeGreaterThan(5);
    expect(trip!.CoordenadasValidas[0]).toMatchObject({ lat: BH_ROUTES[1]!.path[0]![0], long: BH_ROUTES[1]!.path[0]![1] });
    const fixes = (await t.query<{ n: number }>('SELECT count(*)::int AS n FROM positions WHERE n_ctr_id = $1', [n]))[0]!.n;
    expect(trip!.CoordenadasValidas.length).toBeLessThan(fixes);

    const pass = await t.app.housekeeping.runOnce();
    expect(pass.trips_summarised).toBe(1); // every other trip of this file is recorded with its summary
    await t.query('DELETE FROM positions WHERE n_ctr_id = $1', [n]);
    expect(await page(n, c)).toEqual(computed);
  });

  it('a tampered cursor is a 400, not a crash', async () => {
    const c = await aDriver(12);
    const res = await c.call('GET', `/api/trips/contracts/${c.contract.nCtrId}?pagina=bm9wZQ`);
    expect(res.statusCode).toBe(400);
  });

  it("someone else's contract is a 404; a contract without tracker too", async () => {
    const c = await aDriver(2);
    const other = await aDriver(2);
    const noTracker = await aContract(t, c, {
      idPlan: 'GUARITA_ESSENCIAL_ANUAL_MG',
      planName: 'Guarita Essencial Anual',
      tracker: false,
      fipeLimit: 12_000_000,
      items: ['roubo_furto', 'assistencia', 'colisao'],
    });
    expect((await c.call('GET', `/api/trips/contracts/${other.contract.nCtrId}`)).statusCode).toBe(404);
    expect((await c.call('GET', `/api/trips/contracts/${other.contract.nCtrId}/position`)).statusCode).toBe(404);
    const none = await c.call('GET', `/api/trips/contracts/${noTracker.nCtrId}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().erro).toBe('NO_TRACKER');
    expect((await t.get(`/api/trips/contracts/${c.contract.nCtrId}`)).statusCode).toBe(401);
  });
});

describe('compression', () => {
  it('a trips page goes out brotli- or gzip-compressed as the client accepts; a small answer goes out as it is', async () => {
    const c = await aDriver(24);
    const trips = `/api/trips/contracts/${c.contract.nCtrId}`;
    const get = (url: string, encoding: string) => c.call('GET', url, undefined, { 'accept-encoding': encoding });
    const plain = await get(trips, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(trips, 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const gz = await get(trips, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    const small = await get('/api/contracts', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('trip delete', () => {
  it("removes one of the customer's trips for good; someone else's trip is a 404 and stays", async () => {
    const me = await aLoggedInCustomer(t);
    const other = await aLoggedInCustomer(t);
    await someTrips(t, me.contract, { count: 3, lastEndedHoursAgo: 2 });
    await someTrips(t, other.contract, { count: 2, lastEndedHoursAgo: 1 });
    const mine = (await page(me.contract.nCtrId, me)).Itens[0]!;
    const theirs = (await page(other.contract.nCtrId, other)).Itens[0]!;

    const idor = await me.call('DELETE', `/api/trips/${theirs.Id}`);
    expect(idor.statusCode).toBe(404);
    expect((await page(other.contract.nCtrId, other)).Itens.map((i) => i.Id)).toContain(theirs.Id);

    const del = await me.call('DELETE', `/api/trips/${mine.Id}`);
    expect(del.statusCode).toBe(204);
    const again = await me.call('DELETE', `/api/trips/${mine.Id}`);
    expect(again.statusCode).toBe(404);

    const first = await page(me.contract.nCtrId, me);
    expect(first.Itens.map((i) => i.Id)).not.toContain(mine.Id);
    expect(first.Itens).toHaveLength(2);
    const [row] = await t.query<{ deleted: boolean }>('SELECT deleted FROM trips WHERE id = $1', [mine.Id]);
    expect(row?.deleted).toBe(true); // soft delete: Deletado
  });
});

describe('live position', () => {
  it('lat, long, ign and minutes since the last report', async () => {
    const c = await aLoggedInCustomer(t);
    await someTrips(t, c.contract, { count: 2, lastEndedHoursAgo: 2, parkedMinutesAgo: 3 });
    const res = await t.get(`/api/trips/contracts/${c.contract.nCtrId}/position`, c.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const p = res.json();
    expect(p).toMatchObject({ ign: false, silent: false });
    expect(p.lat).toBeLessThan(-19.8);
    expect(p.lat).toBeGreaterThan(-20);
    expect(p.minutesSinceLastCommunication).toBeGreaterThanOrEqual(2);
    expect(p.minutesSinceLastCommunication).toBeLessThan(10);
  });

  it('a tracker silent for three days is flagged', async () => {
    const c = await aLoggedInCustomer(t);
    await someTrips(t, c.contract, { count: 5, lastEndedHoursAgo: 72 }); // no report since the last trip
    const p = (await c.call('GET', `/api/trips/contracts/${c.contract.nCtrId}/position`)).json();
    expect(p.silent).toBe(true);
    expect(p.minutesSinceLastCommunication).toBeGreaterThan(24 * 60);
  });

  it('a tracker silent for two months still shows where it last reported (the read past the recent months)', async () => {
    const c = await aLoggedInCustomer(t);
    await someTrips(t, c.contract, { count: 2, lastEndedHoursAgo: 60 * 24 });
    const p = (await c.call('GET', `/api/trips/contracts/${c.contract.nCtrId}/position`)).json();
    expect(p.silent).toBe(true);
    expect(p.minutesSinceLastCommunication).toBeGreaterThanOrEqual(60 * 24 * 60);
    expect(p.minutesSinceLastCommunication).toBeLessThan(61 * 24 * 60);
    expect(p.lat).toBeLessThan(-19.8);
  });

  it('the simulator moves the vehicle: each tick is a new, different position', async () => {
    const c = await aLoggedInCustomer(t);
    await someTrips(t, c.contract, { count: 1, lastEndedHoursAgo: 2, parkedMinutesAgo: 3 });
    const feed = new SimulatedTrackingFeed(t.db, c.contract.nCtrId, 60_000);
    feed.start();
    try {
      await feed.tick();
      const a = (await t.get(`/api/trips/contracts/${c.contract.nCtrId}/position`, c.token)).json();
      await sleep(5);
      await feed.tick();
      const b = (await t.get(`/api/trips/contracts/${c.contract.nCtrId}/position`, c.token)).json();
      expect(a.ign).toBe(true);
      expect(a.minutesSinceLastCommunication).toBe(0);
      expect([b.lat, b.long]).not.toEqual([a.lat, a.long]);
      expect(Date.parse(b.ts)).toBeGreaterThan(Date.parse(a.ts));
    } finally {
      feed.stop();
    }
  });

  it('map configuration: OSM by default', async () => {
    const res = await (await aLoggedInCustomer(t)).call('GET', '/api/trips/map-config');
    expect(res.json()).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: expect.stringContaining('OpenStreetMap'),
    });
  });

  it('demo mode serves a blank tile locally for offline use', async () => {
    const res = await t.get('/api/dev/tile.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

/**
 * The demo's simulator drives the demo's own vehicle (SIMULATED_CONTRACT, Maria's Onix of the seed): this test is of
 * the demo, so it reads the seed's contract (ADR 070), on an app of its own.
 */
describe('simulator lifecycle', () => {
  it('runs only when asked and stops when the app closes (no timer keeps the process alive)', async () => {
    const app = await createTestApp({ env: { TRACKING_SIMULATOR: 'true', TRACKING_SIMULATOR_INTERVAL_MS: '200' } });
    try {
      const count = async () =>
        (await app.query<{ n: number }>('SELECT count(*)::int AS n FROM positions WHERE n_ctr_id = $1', [SIMULATED_CONTRACT]))[0]!.n;
      const before = await count();
      await sleep(700);
      expect(await count()).toBeGreaterThan(before);
      await app.app.close();
      const closed = await count();
      await sleep(500);
      expect(await count()).toBe(closed);
    } finally {
      await app.close();
    }
  }, 180_000); // a second fresh database; slow on a loaded machine
});
