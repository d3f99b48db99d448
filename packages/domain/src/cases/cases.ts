/**
 * The case system's pure rules (issue 9, spec 001 §2–§4): reasons, request types, phase display,
 * sorting, the 3-month window and comment dates. Used by the BFF (what it stores and lists) and the
 * web app (what it shows), and by the later issues that open cases (plan, due date, vehicle, spare car, claims).
 */
import { inSaoPaulo, monthsBeforeInSaoPaulo } from '../calendar';
import { compareAscii } from '../dates';

/** Case status as the CRM names it. */
export const CASE_STATUSES = ['New', 'Closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** Reasons listed in 'Minhas solicitações' (001 §2), in the spec's order. */
export const LISTED_CASE_REASONS = [
  'Alteração de Dados Cadastrais',
  'Alteração de Plano',
  'Alteração de Vencimento',
  'Troca de Veículo',
  'Carro Reserva',
  'Suporte',
  'SAC',
  'Contestação',
] as const;

/** Every reason a case may carry: the listed ones plus the claim reasons (002) that have their own screens. */
export const CASE_REASONS = [...LISTED_CASE_REASONS, 'Colisão', 'Vidros', 'Furto', 'Roubo'] as const;
export type CaseReason = (typeof CASE_REASONS)[number];

/** Request types of the support page (001 §1), with the case each one opens. */
export const REQUEST_TYPES = [
  'dados-cadastrais',
  'plano',
  'vencimento',
  'carro-reserva',
  'rastreador',
  'troca-veiculo',
  'contestacao',
  'cancelamento',
  'ouvidoria',
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export interface RequestTypeInfo {
  type: RequestType;
  /** Label in the request-type select. */
  label: string;
  reason: CaseReason;
  subject: string;
  /** Several open cases of this type on one contract are allowed (ADR 035). */
  allowsSeveralOpen: boolean;
}

/**
 * Cases a customer may open in 24 hours of each type that allows several open ones (contestation, ombudsman): the
 * duplicate rule does not stop those, and fifty concurrent requests once opened fifty cases (issue 23 item 12).
 */
export const MULTI_OPEN_DAILY_LIMIT = 5;

export const REQUEST_TYPE_INFO: Record<RequestType, RequestTypeInfo> = {
  'dados-cadastrais': {
    type: 'dados-cadastrais',
    label: 'Alteração de Dados Cadastrais',
    reason: 'Alteração de Dados Cadastrais',
    subject: 'Alteração de Dados Cadastrais',
    allowsSeveralOpen: false,
  },
  plano: {
    type: 'plano',
    label: 'Alteração de Plano',
    reason: 'Alteração de Plano',
    subject: 'Alteração de Plano',
    allowsSeveralOpen: false,
  },
  vencimento: {
    type: 'vencimento',
    label: 'Alteração de Vencimento',
    reason: 'Alteração de Vencimento',
    subject: 'Alteração de Vencimento',
    allowsSeveralOpen: false,
  },
  'carro-reserva': {
    type: 'carro-reserva',
    label: 'Carro Reserva',
    reason: 'Carro Reserva',
    subject: 'Carro Reserva',
    allowsSeveralOpen: false,
  },
  rastreador: {
    type: 'rastreador',
    label: 'Suporte Rastreador',
    reason: 'Suporte',
    subject: 'Suporte Rastreador',
    allowsSeveralOpen: false,
  },
  'troca-veiculo': {
    type: 'troca-veiculo',
    label: 'Troca de Veículo / Correção de Placa',
    reason: 'Troca de Veículo',
    subject: 'Troca de Veículo / Correção de Placa',
    allowsSeveralOpen: false,
  },
  contestacao: {
    type: 'contestacao',
    label: 'Contestação de Fatura',
    reason: 'Contestação',
    subject: 'Contestação de Fatura',
    allowsSeveralOpen: true,
  },
  // Cancellation and ombudsman go to the customer-service queue (SAC), so they appear in the list and
  // open the SAC comments view (ADR 035).
  cancelamento: {
    type: 'cancelamento',
    label: 'Cancelamento',
    reason: 'SAC',
    subject: 'Cancelamento',
    allowsSeveralOpen: false,
  },
  ouvidoria: {
    type: 'ouvidoria',
    label: 'Ouvidoria',
    reason: 'SAC',
    subject: 'Ouvidoria',
    allowsSeveralOpen: true,
  },
};

/** `?area=` values that preselect a request type (001 §2). */
export const AREA_PRESELECT: Record<string, RequestType> = {
  'Alteracao-de-Dados-Cadastrais': 'dados-cadastrais',
  'Alteracao-de-Plano': 'plano',
  Ouvidoria: 'ouvidoria',
};

export interface RequestTypeListInput {
  /** The page was opened as /suporte (no nCtrId in the path). */
  plainRoute: boolean;
  /** 0 normal list, 1 plan change only. */
  upSell: number;
  possuiDispositivo: boolean;
}

/**
 * The select's options (001 §2): upSell 1 → plan change only; Suporte Rastreador only on /suporte with
 * upSell 0 and a tracking device; Ouvidoria has a form but is not in the list (reached through its link or ?area=Ouvidoria).
 */
export function requestTypeOptions({ plainRoute, upSell, possuiDispositivo }: RequestTypeListInput): RequestType[] {
  if (upSell === 1) return ['plano'];
  return REQUEST_TYPES.filter((t) => {
    if (t === 'ouvidoria') return false;
    if (t === 'rastreador') return plainRoute && upSell === 0 && possuiDispositivo;
    return true;
  });
}

// ── Phases ───────────────────────────────────────────────────────────────────────────────────
export const PHASE_OPEN = 'Aberto';
export const PHASE_DONE = 'Concluído';
export const PHASE_IN_PROGRESS = 'Em andamento';
export type PhaseDisplay = typeof PHASE_OPEN | typeof PHASE_DONE | typeof PHASE_IN_PROGRESS;

/** Fase__c as shown: Aberto, Concluído, anything else 'Em andamento'. */
export function phaseDisplay(fase: string | null | undefined): PhaseDisplay {
  if (fase === PHASE_OPEN) return PHASE_OPEN;
  if (fase === PHASE_DONE) return PHASE_DONE;
  return PHASE_IN_PROGRESS;
}

const phaseRank = (fase: string | null | undefined) => {
  const d = phaseDisplay(fase);
  return d === PHASE_OPEN ? 0 : d === PHASE_DONE ? 2 : 1;
};

export interface SortableCase {
  Fase__c: string | null;
  CreatedDate: string;
}

/** Aberto first, the others in the middle, Concluído last; newest first inside each group. Does not mutate. */
export function sortCases<T extends SortableCase>(cases: readonly T[]): T[] {
  return [...cases].sort((a, b) => phaseRank(a.Fase__c) - phaseRank(b.Fase__c) || compareAscii(b.CreatedDate, a.CreatedDate));
}

// ── The 3-month window ───────────────────────────────────────────────────────────────────────
export const CASE_LIST_MONTHS = 3;

/** The earliest creation instant still listed: the same day-of-month and time 3 months ago (clamped to month end), in São Paulo. */
export function caseListSince(now: Date, months = CASE_LIST_MONTHS): Date {
  return monthsBeforeInSaoPaulo(now, months);
}

export interface ListableCase extends SortableCase {
  Status: string;
  Reason: string;
}

/** What 'Minhas solicitações' shows: last 3 months, Status New or Closed, a listed reason; sorted. */
export function visibleCases<T extends ListableCase>(cases: readonly T[], now: Date): T[] {
  const since = caseListSince(now).toISOString();
  const reasons: readonly string[] = LISTED_CASE_REASONS;
  return sortCases(
    cases.filter(
      (c) => (c.Status === 'New' || c.Status === 'Closed') && reasons.includes(c.Reason) && new Date(c.CreatedDate).toISOString() >= since,
    ),
  );
}

/**
 * The open case (Status New, same Reason and Subject) that a new request of this type would duplicate — the duplicate
 * rule of ADR 035, which the API applies on create — or undefined for a type that allows several open cases. The support
 * page asks it of 'Minhas solicitações' when a type is chosen, so the customer learns it before filling the form.
 */
export function openCaseOfType<T extends { Status: string; Reason: string; Subject: string }>(
  cases: readonly T[],
  tipo: RequestType,
): T | undefined {
  const info = REQUEST_TYPE_INFO[tipo];
  if (info.allowsSeveralOpen) return undefined;
  return cases.find((c) => c.Status === 'New' && c.Reason === info.reason && c.Subject === info.subject);
}

/** Only SAC cases open the 'SOLICITAÇÃO DE SAC' comments view (001 §2). */
export const isSacCase = (c: { Reason: string }) => c.Reason === 'SAC';

// ── Dates in São Paulo ───────────────────────────────────────────────────────────────────────────
export const MONTH_ABBREVIATIONS_PT = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-11-22T17:05:00Z' → '22 nov 2026, 14:05' (São Paulo time, Portuguese month abbreviation). */
export function formatCommentDate(instant: string | Date): string {
  if (Number.isNaN(new Date(instant).getTime())) return '';
  const t = inSaoPaulo(instant);
  return `${pad(t.getDate())} ${MONTH_ABBREVIATIONS_PT[t.getMonth()]} ${t.getFullYear()}, ${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

/** 'dd/mm/yyyy às hh:mm' in São Paulo time, as in the CRM's duplicate message. */
export function formatDuplicateDate(instant: string | Date): string {
  const t = inSaoPaulo(instant);
  return `${pad(t.getDate())}/${pad(t.getMonth() + 1)}/${t.getFullYear()} às ${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

export interface DatedComment {
  CreatedDate: string;
}

/** Comments oldest first (a conversation reads top-down). */
export function sortComments<T extends DatedComment>(comments: readonly T[]): T[] {
  return [...comments].sort((a, b) => compareAscii(a.CreatedDate, b.CreatedDate));
}

// ── Case numbers (ADR 035) ───────────────────────────────────────────────────────────────────
/** Year and sequence → '2026-000042'. */
export function formatCaseNumber(year: number, seq: number): string {
  return `${year}-${String(seq).padStart(6, '0')}`;
}
export const CASE_NUMBER_PATTERN = /^\d{4}-\d{6,}$/;

/** The duplicate message the CRM writes ('Caso duplicado: {number} em dd/mm/yyyy às hh:mm'). */
export function duplicateCaseMessage(caseNumber: string, createdAt: string | Date): string {
  return `Caso duplicado: ${caseNumber} em ${formatDuplicateDate(createdAt)}`;
}

/**
 * The error text to show from a `DescricaoErroApiExterna` (001 §8 contestation rule): the first message
 * of a JSON array, else the raw text, else the fallback.
 */
export function externalErrorMessage(raw: string | null | undefined, fallback: string): string {
  if (!raw) return fallback;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.length > 0) {
      const first: unknown = parsed[0];
      if (typeof first === 'string' && first) return first;
      if (first && typeof first === 'object' && 'message' in first && typeof first.message === 'string' && first.message)
        return first.message;
    }
  } catch {
    // not JSON: the raw text is the message
  }
  return raw;
}
