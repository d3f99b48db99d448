import { z } from 'zod';
import {
  AdvanceForecastDto,
  BillsDto,
  CASE_NUMBER_PATTERN,
  CaseListDto,
  ClaimEntryDto,
  ClaimListDto,
  ClaimViewDto,
  ContractDetailDto,
  ContractDto,
  CustomerInfoDto,
  MapConfigDto,
  NotificationPageDto,
  NotificationPreferences,
  PaymentsSummaryDto,
  PlanViewDto,
  PositionDto,
  TRIPS_PAGE_SIZE,
  TripPageDto,
  UnreadCountDto,
  contractIdSchema,
  selectableContracts,
  type ContractId,
} from '@guarita/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';

/** The chosen contract's data: what the start page, the payments pages, Meu plano, Suporte and Mapa show first. */
const BootStartDto = z.object({
  nCtrId: z.number().int(),
  contract: ContractDetailDto.optional(),
  bills: BillsDto.optional(),
  advance: AdvanceForecastDto.optional(),
  /** The payments summary (the open invoice and card pages). */
  summary: PaymentsSummaryDto.optional(),
  /** Meu plano (GET /api/plan/contracts/{nCtrId}). */
  plan: PlanViewDto.optional(),
  /** Suporte's request list (GET /api/cases/contracts/{nCtrId}). */
  cases: CaseListDto.optional(),
  /** Mapa, a tracked contract only: the first page of trips and the live position (GET /api/trips/contracts/{nCtrId}[/position]). */
  trips: TripPageDto.optional(),
  position: PositionDto.optional(),
  /** The claim screen's entry (GET /api/claims/contracts/{nCtrId}); its open claim's view comes as `claim`. */
  claimEntry: ClaimEntryDto.optional(),
});

/** What a logged-in page shows first: every part is what its GET route answers; a part that could not be read is left out. */
export const FirstScreenDto = z.object({
  contracts: z.array(ContractDto).optional(),
  me: CustomerInfoDto.optional(),
  unread: UnreadCountDto.optional(),
  start: BootStartDto.optional(),
  /** Mapa: GET /api/trips/map-config. */
  mapConfig: MapConfigDto.optional(),
  /** Notificações: the first page (GET /api/notifications) and the e-mail choices (GET /api/notifications/preferences). */
  notifications: NotificationPageDto.optional(),
  preferences: NotificationPreferences.optional(),
  /** Sinistros: the customer's claims (GET /api/claims). */
  claims: ClaimListDto.optional(),
  /** A claim's tracking view (GET /api/claims/cases/{caseNumber}): the asked one, else the claim entry's open claim. */
  claim: ClaimViewDto.optional(),
});

export const BootBody = z
  .object({
    /** Answer the chosen contract's detail, bills and advance forecast (the start page, the payments page, advance). */
    start: z.boolean().optional(),
    /** Answer the chosen contract's payments summary (the open invoice and card pages). */
    summary: z.boolean().optional(),
    /** The contract the page will show (the route's or the stored choice); the first selectable one when absent or not the customer's. */
    nCtrId: contractIdSchema.optional(),
    /** Answer the chosen contract's plan (Meu plano). */
    plan: z.boolean().optional(),
    /** Answer the chosen contract's support requests (Suporte). */
    cases: z.boolean().optional(),
    /** Answer, for a tracked chosen contract, its first page of trips and live position, and the map config (Mapa). */
    trips: z.boolean().optional(),
    /** Answer the first page of notifications and the e-mail choices (Notificações). */
    notifications: z.boolean().optional(),
    /** Answer the customer's claims (Sinistros). */
    claims: z.boolean().optional(),
    /** Answer the chosen contract's claim entry and its open claim's view (the claim screen, Sinistros of a contract). */
    claimEntry: z.boolean().optional(),
    /** Answer this claim's tracking view, when it is the customer's. */
    claim: z.string().max(20).regex(CASE_NUMBER_PATTERN).optional(),
  })
  .strict();

export type FirstScreen = z.infer<typeof FirstScreenDto>;
export type FirstScreenBody = NonNullable<z.infer<typeof BootBody>>;

/**
 * Reads a customer's first screen (ADR 058, ADR 059): the contracts, the customer and the unread count, plus the parts
 * `body` asks for. Used by `POST /api/auth/boot` (with the tokens) and by the server rendering a logged-in page's HTML.
 * Every part calls the service its GET route calls, with its ownership checks; a part that fails is left out.
 */
export function firstScreenReader(app: FastifyInstance) {
  /** A part that fails is left out (the page asks for it again, with its own error state): the tokens never are. */
  const part = async <T>(what: string, read: () => Promise<T | null>): Promise<T | undefined> => {
    try {
      return (await read()) ?? undefined;
    } catch (err) {
      // A client error (a claim that is not the customer's, a contract without a position) is the answer the GET
      // route would give; only a server-side failure is worth a warning.
      if (err instanceof AppError && err.status < 500) app.log.debug({ err, part: what }, 'boot: part not answered');
      else app.log.warn({ err, part: what }, 'boot: part left out');
      return undefined;
    }
  };

  type Body = FirstScreenBody;
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
  const skip = async () => null;

  /** The chosen contract's parts: the asked one when it is selectable (the web's useSelectedContract rule), else the first. */
  const contractParts = async (customerId: number, contracts: z.infer<typeof ContractDto>[], body: Body) => {
    const list = selectableContracts(contracts);
    const chosen = list.find((c) => c.nCtrId === body.nCtrId) ?? list[0];
    if (!chosen) return undefined;
    const id = chosen.nCtrId as ContractId;
    // Mapa shows trips only for a contract with a tracker (the page's own rule, `possuiDispositivo`).
    const tracked = body.trips === true && chosen.possuiDispositivo === true;
    const [contract, bills, advance, summary, plan, cases, trips, position, claimEntry] = await Promise.all([
      body.start ? part('contract', () => app.contracts.detail(customerId, id)) : skip(),
      body.start ? part('bills', () => app.contracts.bills(customerId, id)) : skip(),
      body.start ? part('advance', () => app.payments.advance.forecast(customerId, id)) : skip(),
      body.summary ? part('summary', () => app.payments.summary.get(customerId, id)) : skip(),
      body.plan ? part('plan', () => app.plan.view(customerId, id)) : skip(),
      body.cases ? part('cases', () => app.cases.list(customerId, id)) : skip(),
      tracked ? part('trips', () => app.trips.page(customerId, id, undefined, TRIPS_PAGE_SIZE)) : skip(),
      tracked ? part('position', () => app.trips.position(customerId, id)) : skip(),
      body.claimEntry ? part('claimEntry', () => app.claims.entry(customerId, id)) : skip(),
    ]);
    return { nCtrId: id, ...defined({ contract, bills, advance, summary, plan, cases, trips, position, claimEntry }) };
  };

  /** The customer's parts that belong to no contract. */
  const customerParts = async (customerId: number, body: Body) => {
    const [notifications, preferences, claims, claim] = await Promise.all([
      body.notifications ? part('notifications', () => app.notifications.list(customerId, { limite: 20 })) : skip(),
      body.notifications ? part('preferences', () => app.notifications.preferences(customerId)) : skip(),
      body.claims ? part('claims', () => app.claims.list(customerId)) : skip(),
      body.claim ? part('claim', () => app.claims.view(customerId, body.claim!)) : skip(),
    ]);
    return defined({ mapConfig: body.trips ? app.mapConfig : undefined, notifications, preferences, claims, claim });
  };

  return async function read(customerId: number, body: Body): Promise<FirstScreen> {
    // What belongs to no contract is read alongside the contracts (a part never rejects: it is left out instead).
    const customerWide = customerParts(customerId, body);
    const [contracts, me, unread] = await Promise.all([
      part('contracts', () => app.contracts.list(customerId)),
      part('me', () => app.customers.info(customerId)),
      part('unread', () => app.notifications.unread(customerId)),
    ]);
    const answer: FirstScreen = { contracts, me, unread };
    const contractWide = body.start || body.summary || body.plan || body.cases || body.trips || body.claimEntry;
    const start = contractWide && contracts ? await contractParts(customerId, contracts, body) : undefined;
    Object.assign(answer, await customerWide, start ? { start } : {});
    // The claim screen goes on to its open claim (its evidence steps or its tracking page), which reads its view.
    const open = start?.claimEntry?.casoAberto?.CaseNumber;
    if (open && !answer.claim) {
      const claim = await part('claim', () => app.claims.view(customerId, open));
      if (claim) answer.claim = claim;
    }
    return defined(answer);
  };
}
