import type { ContractId } from '@guarita/domain';
import { TRIPS_PAGE_SIZE, summariseTrip, trackerSilence, type PositionDto, type TripPageDto, type TripSummary } from '@guarita/domain';
import { AppError, notFound } from '../../lib/errors';
import type { ContractService } from '../contracts';
import type { Clock } from '../../ports/clock';
import type { TripRow, TripsRepository } from './repository';

type TripSpan = Pick<TripRow, 'id' | 'started_at' | 'ended_at'> & { n_ctr_id: number };

/** How far back the live position is looked for first: this month and the last (the read over every month is the fallback). */
const RECENT_POSITION_MS = 32 * 24 * 3600_000;

const iso = (d: Date | string) => new Date(d).toISOString();

/** ProximaPagina is an opaque cursor: base64url of the last trip's start and id. */
export function encodeCursor(startedAt: Date | string, id: number): string {
  return Buffer.from(JSON.stringify([iso(startedAt), id])).toString('base64url');
}
const ISO_INSTANT = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?Z$/;
export function decodeCursor(cursor: string): { startedAt: string; id: number } {
  try {
    const [startedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    // Only the exact form encodeCursor writes: Date.parse also takes '1' or year -271821, which PostgreSQL refuses (issue 7).
    if (
      typeof startedAt === 'string' &&
      ISO_INSTANT.test(startedAt) &&
      !Number.isNaN(Date.parse(startedAt)) &&
      Number.isSafeInteger(id) &&
      (id as number) > 0
    )
      return { startedAt, id: id as number };
  } catch {
    /* fall through */
  }
  throw new AppError(400, 'INVALID_CURSOR', 'Página inválida.');
}

/** Each trip's summary from its positions (a trip with none gets an empty route and zero figures). */
async function summariseFromPositions(repo: TripsRepository, trips: readonly TripSpan[]): Promise<Map<number, TripSummary>> {
  const fixes = new Map<number, Array<{ lat: number; long: number; ts: string; vel: number | null }>>(trips.map((t) => [Number(t.id), []]));
  for (const p of await repo.points(trips))
    fixes.get(Number(p.trip_id))?.push({ lat: p.lat, long: p.lng, ts: iso(p.ts), vel: p.speed_kmh });
  return new Map([...fixes].map(([id, coords]) => [id, summariseTrip(coords)]));
}

/**
 * One batch of the backlog: up to `limit` trips recorded without a summary get one. Returns how many were stored (0 when
 * the backlog is empty). The housekeeping pass, and `npm run seed:scale` after its load, call it until it returns 0.
 */
export async function summariseBacklog(repo: TripsRepository, limit = 500): Promise<number> {
  const summaries = await summariseFromPositions(repo, await repo.unsummarised(limit));
  return repo.saveSummaries([...summaries].map(([id, summary]) => ({ id, summary })));
}

export class TripsService {
  constructor(
    private readonly repo: TripsRepository,
    private readonly contracts: ContractService,
    private readonly clock: Clock,
  ) {}

  /** Trips only for contracts with a tracker; someone else's contract is a 404. */
  private async requireTracked(customerId: number, nCtrId: ContractId) {
    const c = await this.contracts.requireOwned(customerId, nCtrId);
    if (!c.possuiDispositivo) throw new AppError(404, 'NO_TRACKER', 'Este contrato não possui rastreador.');
    return c;
  }

  async page(customerId: number, nCtrId: ContractId, cursor: string | undefined, size = TRIPS_PAGE_SIZE): Promise<TripPageDto> {
    await this.requireTracked(customerId, nCtrId);
    const rows = await this.repo.page(nCtrId, size, cursor ? decodeCursor(cursor) : null);
    const more = rows.length > size;
    const trips = rows.slice(0, size);
    // Trips recorded before ADR 084 and not yet summarised by the housekeeping pass: worked out from positions now.
    const late = await summariseFromPositions(
      this.repo,
      trips.filter((t) => !t.summary).map((t) => ({ ...t, n_ctr_id: nCtrId })),
    );
    const last = trips[trips.length - 1];
    return {
      Itens: trips.map((t) => {
        const s = t.summary ?? late.get(Number(t.id))!;
        return {
          Id: Number(t.id),
          DataHoraInicio: iso(t.started_at),
          DataHoraFim: iso(t.ended_at),
          EnderecoInicio: t.start_address,
          EnderecoFim: t.end_address,
          Deletado: false,
          CoordenadasValidas: s.route.map((c) => ({ ...c, vel: c.vel ?? null })),
          totalDistance: s.totalDistance,
          mediumVelocity: s.mediumVelocity,
          maximumVelocity: s.maximumVelocity,
        };
      }),
      PossuiProximaPagina: more,
      ProximaPagina: more && last ? encodeCursor(last.started_at, Number(last.id)) : null,
    };
  }

  /** One batch of the trips still without a summary (ADR 084); 0 when none is left. */
  summariseBacklog(limit?: number): Promise<number> {
    return summariseBacklog(this.repo, limit);
  }

  async delete(customerId: number, tripId: number): Promise<void> {
    // Someone else's trip, a missing one and a deleted one are the same 404.
    const nCtrId = await this.repo.contractOf(tripId);
    const mine = nCtrId !== null && (await this.contracts.owns(customerId, nCtrId));
    if (!mine || !(await this.repo.softDelete(nCtrId, tripId, this.clock.now()))) throw notFound('Viagem não encontrada.');
  }

  async position(customerId: number, nCtrId: ContractId): Promise<PositionDto> {
    const now = this.clock.now();
    await this.requireTracked(customerId, nCtrId);
    const p = await this.repo.lastPosition(nCtrId, new Date(now.getTime() - RECENT_POSITION_MS));
    if (!p) throw new AppError(404, 'NO_POSITION', 'Sem posição do rastreador.');
    const silence = trackerSilence(p.ts, now);
    return {
      lat: p.lat,
      long: p.lng,
      ign: p.ign,
      ts: iso(p.ts),
      minutesSinceLastCommunication: silence.minutes,
      silent: silence.silent,
    };
  }

  /** Trackers silent for `hours` (but heard from within the last week), with their owner: the notifications scan. */
  async silentTrackers(hours: number, limit = 200): Promise<Array<{ nCtrId: number; lastTs: Date }>> {
    const now = this.clock.now().getTime();
    return this.repo.silentSince(new Date(now - hours * 3_600_000), new Date(now - 7 * 86_400_000), limit);
  }
}
