/**
 * Spare-car blocking rules (001 §2 'Spare car form', §4 'Blocking rules for spare car and similar services'): one
 * pure function over the contract, its bills and its cases, answering every rule that applies and when it ends,
 * for the 'Solicitação Bloqueada' modal and for the server's refusal. Instants are compared in milliseconds;
 * calendar dates are São Paulo dates (UTC−3, no daylight saving since 2019).
 */
import type { BillStatusId } from '../bills';
import { formatInstantWithTime, todayInSaoPaulo } from '../dates';
import { SPARE_CAR_MSG } from './messages';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const GRACE_DAYS = 30;
export const REGULARISATION_HOURS = 48;
export const RECENT_CASE_DAYS = 30;
/** Fase__c values in which an open (New) collision case blocks. */
export const BLOCKING_COLLISION_PHASES: readonly string[] = ['Aberto', 'Documentação', 'Análise', 'Sindicância', 'Pré-Sindicância'];
/** Case reasons that block for 30 days after they were opened. */
export const RECENT_BLOCKING_REASONS: readonly string[] = ['Furto', 'Roubo', 'Carro Reserva'];
const COLLISION = 'Colisão';

export interface BlockingContract {
  /** dataInicioVigencia, 'YYYY-MM-DD' */
  validityStart: string;
}
export interface BlockingBill {
  idStatus: BillStatusId;
  /** 'YYYY-MM-DD' */
  docDueDate: string;
  paidAt: Date | string | null;
}
export interface BlockingCase {
  reason: string;
  status: string;
  /** Fase__c */
  phase: string;
  createdAt: Date | string;
  /** Envolvimento_com_terceiros__c = 'Sim' (collision claims) */
  thirdParties?: boolean;
}

export type BlockingRule =
  'GRACE_PERIOD' | 'RECENT_REGULARISATION' | 'RECENT_THEFT_OR_SPARE_CAR' | 'COLLISION_IN_PROGRESS' | 'THIRD_PARTY_COLLISION';

export interface Block {
  rule: BlockingRule;
  /** when the block lifts (ISO instant); null while a case stays in that state */
  endsAt: string | null;
}

export interface BlockingDecision {
  blocked: boolean;
  blocks: Block[];
}

const ms = (d: Date | string) => new Date(d).getTime();
/** Midnight in São Paulo of a calendar date. */
const saoPauloMidnight = (isoDate: string) => Date.parse(`${isoDate.slice(0, 10)}T00:00:00-03:00`);
const iso = (t: number) => new Date(t).toISOString();
const latest = (ts: number[]) => (ts.length ? Math.max(...ts) : null);

/**
 * An invoice blocks, exactly as the spec words it: not inactive or cancelled (status I or A excluded), paid after
 * its due date (the São Paulo date of payment is later than docDueDate), and paid less than 48 h ago.
 * Returns when that block ends, or null when it does not block.
 */
export function invoiceBlockEnd(bill: BlockingBill, now: Date): number | null {
  if (bill.idStatus === 'I' || bill.idStatus === 'A' || bill.paidAt === null) return null;
  const paid = ms(bill.paidAt);
  if (todayInSaoPaulo(new Date(paid)) <= bill.docDueDate.slice(0, 10)) return null;
  const end = paid + REGULARISATION_HOURS * HOUR_MS;
  return now.getTime() < end ? end : null;
}

export function spareCarBlocking(input: {
  contract: BlockingContract;
  bills: readonly BlockingBill[];
  cases: readonly BlockingCase[];
  now: Date;
}): BlockingDecision {
  const now = input.now.getTime();
  const blocks: Block[] = [];

  const graceEnd = saoPauloMidnight(input.contract.validityStart) + GRACE_DAYS * DAY_MS;
  if (now < graceEnd) blocks.push({ rule: 'GRACE_PERIOD', endsAt: iso(graceEnd) });

  const paymentEnd = latest(input.bills.map((b) => invoiceBlockEnd(b, input.now)).filter((t): t is number => t !== null));
  if (paymentEnd !== null) blocks.push({ rule: 'RECENT_REGULARISATION', endsAt: iso(paymentEnd) });

  const recentEnd = latest(
    input.cases
      .filter((c) => RECENT_BLOCKING_REASONS.includes(c.reason))
      .map((c) => ms(c.createdAt) + RECENT_CASE_DAYS * DAY_MS)
      .filter((end) => now < end),
  );
  if (recentEnd !== null) blocks.push({ rule: 'RECENT_THEFT_OR_SPARE_CAR', endsAt: iso(recentEnd) });

  const openCollisions = input.cases.filter((c) => c.reason === COLLISION && c.status === 'New');
  if (openCollisions.some((c) => BLOCKING_COLLISION_PHASES.includes(c.phase))) blocks.push({ rule: 'COLLISION_IN_PROGRESS', endsAt: null });
  if (openCollisions.some((c) => c.thirdParties === true)) blocks.push({ rule: 'THIRD_PARTY_COLLISION', endsAt: null });

  return { blocked: blocks.length > 0, blocks };
}

/** Does an open collision case with third parties exist (it also blocks the vehicle-change flow)? */
export const hasOpenThirdPartyCollision = (cases: readonly BlockingCase[]): boolean =>
  cases.some((c) => c.reason === COLLISION && c.status === 'New' && c.thirdParties === true);

/**
 * The lines of the 'Solicitação Bloqueada' modal: one per rule, with when it ends (São Paulo time). The spec gives
 * the third-party text verbatim; the others are ours.
 */
export function blockLine(block: Block): string {
  const until = block.endsAt ? formatInstantWithTime(block.endsAt) : null;
  switch (block.rule) {
    case 'GRACE_PERIOD':
      return `Carência de ${GRACE_DAYS} dias após o início da cobertura: disponível a partir de ${until}.`;
    case 'RECENT_REGULARISATION':
      return `Fatura em atraso regularizada há menos de ${REGULARISATION_HOURS} horas: disponível a partir de ${until}.`;
    case 'RECENT_THEFT_OR_SPARE_CAR':
      return `Há uma solicitação de furto, roubo ou carro reserva nos últimos ${RECENT_CASE_DAYS} dias: disponível a partir de ${until}.`;
    case 'COLLISION_IN_PROGRESS':
      return 'Há um caso de colisão em andamento: disponível quando ele for concluído.';
    case 'THIRD_PARTY_COLLISION':
      return SPARE_CAR_MSG.thirdPartyCollision;
  }
}
