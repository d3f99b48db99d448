import { summariseTrip } from '@guarita/domain';
import type { Database } from './db';
import { TripsRepository, type NewTrip } from '../modules/trips/repository';
import { systemClock, type Clock } from '../ports/clock';
import { BH_ROUTES, drive, insertPositions, prng, type SimPoint } from '../ports/tracking-feed';

/**
 * Demo data of issue 10 (plan view, trips, executives, referrals). Idempotent on its own: runs once per
 * database, also on a database seeded before these tables existed. Times are relative to the clock's now.
 */
export const DEMO_EXECUTIVES = [
  { slpCode: 31, nome: 'Renata Figueiredo', telefone: '31991234567' },
  { slpCode: 52, nome: 'Carlos Eduardo Nunes', telefone: '31998765432' },
  // Flagged house codes (docs/decisions/031): names on record, but customers are sent to the support line.
  { slpCode: 0, nome: 'Venda direta', telefone: '3140001762' },
  { slpCode: 16, nome: 'Negociação financeira', telefone: '3140001762' },
  { slpCode: 19, nome: 'Central de vendas', telefone: '3140001762' },
  { slpCode: 27, nome: 'Central de frotas', telefone: '3140001762' },
  { slpCode: 45, nome: 'Central de vendas', telefone: '3140001762' },
  { slpCode: 76, nome: 'Central corporativa', telefone: '3140001762' },
];

/** Referrals by contract: Maria's code MARIA10 has 5 referred, 2 in debit → 30%. */
const DEMO_REFERRALS: Record<number, Array<[name: string, inDebit: boolean]>> = {
  100101: [
    ['Ana Beatriz Rocha', false],
    ['Bruno Henrique Alves', true],
    ['Camila Duarte', false],
    ['Diego Martins', true],
    ['Eduarda Pires', false],
  ],
  300301: [['Logística Serra Verde Ltda', false]],
};

/** Required sub-items (obrigatorio) that the plan view lists as covered services. */
const DEMO_REQUIRED_SUB_ITEMS: Array<{ nCtrId: number; itemCode: string; code: string; name: string }> = [
  { nCtrId: 100101, itemCode: 'ROUBO_FURTO', code: 'FURTO_ROUBO', name: 'Furto e Roubo' },
  { nCtrId: 100101, itemCode: 'ROUBO_FURTO', code: 'PT_FURTO_ROUBO', name: 'Perda Total (Furto e Roubo)' },
  { nCtrId: 100101, itemCode: 'COLISAO', code: 'COLISAO_COMPLETA', name: 'Colisão Completa + Terceiros + Seguro APP' },
  { nCtrId: 100104, itemCode: 'ROUBO_FURTO', code: 'FURTO_ROUBO', name: 'Furto e Roubo' },
  { nCtrId: 300301, itemCode: 'ROUBO_FURTO', code: 'PT_FURTO_ROUBO', name: 'Perda Total (Furto e Roubo)' },
  { nCtrId: 300301, itemCode: 'COLISAO', code: 'COLISAO_COMPLETA', name: 'Colisão Completa + Terceiros + Seguro APP' },
];

/**
 * Trips per tracked contract: how many, and how long ago the last one ended (hours). João's tracker (200201)
 * went silent three days ago, so his map shows the silence warning.
 */
const DEMO_TRIPS: Array<{ nCtrId: number; count: number; lastEndedHoursAgo: number; parkedMinutesAgo?: number }> = [
  { nCtrId: 100101, count: 24, lastEndedHoursAgo: 2, parkedMinutesAgo: 3 },
  { nCtrId: 100102, count: 6, lastEndedHoursAgo: 5, parkedMinutesAgo: 20 },
  { nCtrId: 200201, count: 5, lastEndedHoursAgo: 72 },
  { nCtrId: 300301, count: 8, lastEndedHoursAgo: 1, parkedMinutesAgo: 10 },
  { nCtrId: 400401, count: 4, lastEndedHoursAgo: 6, parkedMinutesAgo: 30 },
];

export async function seedPlanTrips(db: Database, clock: Pick<Clock, 'now'> = systemClock): Promise<boolean> {
  if (await db.selectFrom('executives').select('slp_code').limit(1).executeTakeFirst()) return false;
  const contracts = new Set((await db.selectFrom('contracts').select('n_ctr_id').execute()).map((r) => r.n_ctr_id));
  if (contracts.size === 0) return false;
  const now = clock.now();

  await db
    .insertInto('executives')
    .values(DEMO_EXECUTIVES.map((e) => ({ slp_code: e.slpCode, nome: e.nome, telefone: e.telefone })))
    .execute();

  for (const [nCtrId, refs] of Object.entries(DEMO_REFERRALS)) {
    if (contracts.has(Number(nCtrId))) await insertReferrals(db, Number(nCtrId), refs);
  }
  for (const s of DEMO_REQUIRED_SUB_ITEMS) {
    await insertRequiredSubItem(db, s.nCtrId, s);
  }
  for (const spec of DEMO_TRIPS) {
    if (contracts.has(spec.nCtrId)) await insertTrips(db, spec.nCtrId, spec, now);
  }
  return true;
}

/** A contract's referrals (the referral programme's list and discount). */
export async function insertReferrals(db: Database, nCtrId: number, refs: Array<[name: string, inDebit: boolean]>): Promise<void> {
  if (refs.length === 0) return;
  await db
    .insertInto('referrals')
    .values(refs.map(([name, inDebit]) => ({ referrer_n_ctr_id: nCtrId, referred_name: name, in_debit: inDebit })))
    .execute();
}

/** A required sub-item (obrigatorio) of one of the contract's items, listed by the plan view as a covered service. */
export async function insertRequiredSubItem(
  db: Database,
  nCtrId: number,
  s: { itemCode: string; code: string; name: string },
): Promise<void> {
  const item = await db
    .selectFrom('contract_items')
    .select('id')
    .where('n_ctr_id', '=', nCtrId)
    .where('code', '=', s.itemCode)
    .executeTakeFirst();
  if (!item) return;
  await db
    .insertInto('contract_sub_items')
    .values({ item_id: item.id, code: s.code, name: s.name, towing_km: null, selected: true, required: true })
    .execute();
}

/** A tracked contract's trips and, when parked, the tracker's last report (ignition off) at the last trip's end. */
export async function insertTrips(
  db: Database,
  nCtrId: number,
  spec: { count: number; lastEndedHoursAgo: number; parkedMinutesAgo?: number },
  now: Date,
): Promise<void> {
  await seedTrips(db, nCtrId, spec.count, new Date(now.getTime() - spec.lastEndedHoursAgo * 3_600_000), prng(nCtrId));
  if (spec.parkedMinutesAgo === undefined) return;
  const last = await db
    .selectFrom('positions')
    .select(['lat', 'lng'])
    .where('n_ctr_id', '=', nCtrId)
    .orderBy('ts', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last)
    await insertPositions(db, nCtrId, [
      { ts: new Date(now.getTime() - spec.parkedMinutesAgo * 60_000), lat: last.lat, lng: last.lng, speed: 0, ign: false },
    ]);
}

/**
 * `count` trips ending before `lastEnd`, newest first going back about 11 h each, along the BH routes.
 * Two statements per contract (all fixes, all trips): every test database runs this seed.
 */
export async function seedTrips(db: Database, nCtrId: number, count: number, lastEnd: Date, rand: () => number): Promise<void> {
  let end = lastEnd.getTime();
  const fixes: SimPoint[] = [];
  const trips: NewTrip[] = [];
  for (let k = 0; k < count; k++) {
    const route = BH_ROUTES[(k + nCtrId) % BH_ROUTES.length]!;
    const backwards = k % 2 === 1;
    const path = backwards ? [...route.path].reverse() : route.path;
    // Plan the drive from a provisional start, then shift it so it ends at `end`.
    const planned = drive(path, new Date(0), rand);
    const duration = planned[planned.length - 1]!.ts.getTime();
    const start = end - duration;
    const points = planned.map((p) => ({ ...p, ts: new Date(p.ts.getTime() + start) }));
    // Real trackers sometimes send a fix without GPS: (0, 0). The API drops it.
    if (k % 4 === 0 && points.length > 3)
      points.splice(2, 0, { ...points[2]!, lat: 0, lng: 0, ts: new Date(points[2]!.ts.getTime() - 500) });
    fixes.push(...points);
    trips.push({
      n_ctr_id: nCtrId,
      started_at: new Date(start),
      ended_at: new Date(end),
      start_address: backwards ? route.to : route.from,
      end_address: backwards ? route.from : route.to,
      // As a tracking feed records a trip that has ended (ADR 084): from the same fixes the positions hold.
      summary: summariseTrip(points.map((p) => ({ lat: p.lat, long: p.lng, ts: p.ts.toISOString(), vel: p.speed }))),
    });
    end = start - (9 + rand() * 5) * 3_600_000;
  }
  await insertPositions(db, nCtrId, fixes);
  await new TripsRepository(db).insert(trips);
}
