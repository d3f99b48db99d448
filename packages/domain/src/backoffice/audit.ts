import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { safeText } from '../bounds';
import { TIME_ZONE, daysBetweenIso } from '../calendar';
import { documentSchema } from '../schemas';
import { MSG } from '../messages';

/** The longest period the audit screen and its CSV export filter on (issue 30 item 1). */
export const AUDIT_MAX_DAYS = 366;

export const AUDIT_MSG = {
  email: 'Informe o e-mail completo de quem fez a ação.',
  action: 'Informe a ação como aparece no registro (por exemplo, caso.comentario).',
  caseNumber: 'Informe o número do caso no formato 2026-000123.',
  date: 'Informe uma data válida.',
  periodOrder: 'A data final deve ser igual ou posterior à inicial.',
  periodTooLong: `O período pode ter no máximo ${AUDIT_MAX_DAYS} dias.`,
  badPage: 'Página inválida. Filtre de novo.',
  limit: 'Informe um limite entre 1 e 200.',
} as const;

/** An empty form field means "no filter": '' (or blanks) becomes undefined before `schema` runs. */
const optional = <T extends z.ZodType<unknown, string | undefined>>(schema: T, message: string) =>
  z
    .string({ error: message })
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v))
    .pipe(schema.optional());

function isCalendarDate(v: string): boolean {
  // This century only: a year 0 or 10000 is a typo, and no date the database takes without a second thought.
  if (!/^20\d{2}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
const calendarDate = z.string({ error: AUDIT_MSG.date }).refine(isCalendarDate, AUDIT_MSG.date);

/**
 * The audit screen's filters (issue 30 item 1), as the form holds them and as the query string carries them: who (the
 * staff member's e-mail), the action, the case number, the customer (full CPF/CNPJ) and the period in São Paulo days.
 */
const filterFields = {
  quem: optional(
    safeText(254, { message: AUDIT_MSG.email })
      .trim()
      .toLowerCase()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, AUDIT_MSG.email),
    AUDIT_MSG.email,
  ),
  acao: optional(
    safeText(60, { message: AUDIT_MSG.action })
      .trim()
      .regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*$/, AUDIT_MSG.action),
    AUDIT_MSG.action,
  ),
  caso: optional(
    safeText(20, { message: AUDIT_MSG.caseNumber })
      .trim()
      .regex(/^\d{4}-\d{6}$/, AUDIT_MSG.caseNumber),
    AUDIT_MSG.caseNumber,
  ),
  cliente: optional(documentSchema, MSG.invalidDocument),
  de: optional(calendarDate, AUDIT_MSG.date),
  ate: optional(calendarDate, AUDIT_MSG.date),
};

/** The period: the last day not before the first, at most AUDIT_MAX_DAYS days (either end may be left open). */
function checkPeriod(f: { de?: string | undefined; ate?: string | undefined }, ctx: z.RefinementCtx): void {
  if (!f.de || !f.ate) return;
  const days = daysBetweenIso(f.de, f.ate);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['ate'], message: AUDIT_MSG.periodOrder });
  else if (days + 1 > AUDIT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['ate'], message: AUDIT_MSG.periodTooLong });
}

export const AuditFilters = z.object(filterFields).superRefine(checkPeriod);
export type AuditFiltersInput = z.input<typeof AuditFilters>;
export type AuditFilters = z.output<typeof AuditFilters>;

/** GET /api/backoffice/auditoria: the filters, the opaque keyset cursor of the page before and the page size. */
export const AuditQuery = z
  .object({
    ...filterFields,
    cursor: z
      .string({ error: AUDIT_MSG.badPage })
      .max(200, AUDIT_MSG.badPage)
      .regex(/^[A-Za-z0-9_-]+$/, AUDIT_MSG.badPage)
      .optional(),
    limite: z.coerce.number({ error: AUDIT_MSG.limit }).int(AUDIT_MSG.limit).min(1, AUDIT_MSG.limit).max(200, AUDIT_MSG.limit).default(50),
  })
  .superRefine(checkPeriod);
export type AuditQuery = z.output<typeof AuditQuery>;

/** The instant a São Paulo calendar day starts ('2026-03-01' → 2026-03-01T03:00:00Z). */
export function saoPauloDayStart(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, TIME_ZONE).getTime());
}
