import { z } from 'zod';
import { safeText } from '../bounds';
import { isClaimPhaseOf, phaseCloses, SUPPORT_PHASES, type CaseKind } from './phases';

/**
 * Reopening a closed case (issue 30 item 7, ADR 087). Staff give the reason (kept in the audit row and as a staff
 * note); the case becomes open again in the phase `reopenPhase` names, and can then be commented and moved again.
 */

export const REOPEN_LIMITS = { min: 10, max: 1000 } as const;

export const REOPEN_MSG = {
  reasonRequired: 'Informe o motivo da reabertura.',
  reasonTooShort: `Explique o motivo da reabertura em pelo menos ${REOPEN_LIMITS.min} caracteres.`,
  alreadyOpen: 'Este caso já está aberto.',
  duplicateOpen: (caseNumber: string) =>
    `Já existe um caso aberto do mesmo tipo neste contrato (nº ${caseNumber}). Continue o atendimento por ele.`,
  /** The staff note the reopening leaves in the case (the customer does not see notes). */
  note: (reason: string) => `Caso reaberto. Motivo: ${reason}`,
  done: 'Caso reaberto.',
} as const;

export const ReopenBody = z.object({
  motivo: safeText(REOPEN_LIMITS.max, { multiline: true, required: REOPEN_MSG.reasonRequired })
    .trim()
    .min(1, REOPEN_MSG.reasonRequired)
    .min(REOPEN_LIMITS.min, REOPEN_MSG.reasonTooShort),
});
export type ReopenBody = z.infer<typeof ReopenBody>;

/** The phase fallback of both machines: the analysis, from which every other step is reachable again. */
const REANALYSIS = 'Análise';

function isOpenPhaseOf(kind: CaseKind, phase: string | null | undefined): phase is string {
  if (!phase || phaseCloses(kind, phase)) return false;
  return kind === 'suporte' ? (SUPPORT_PHASES as readonly string[]).includes(phase) : isClaimPhaseOf(kind, phase);
}

/**
 * The phase a reopened case takes (ADR 087):
 * 1. a case closed while in an open phase of its machine (closed without a final phase) keeps that phase;
 * 2. otherwise the phase it was in before it entered the final phase (the last 'phase' event into the current
 *    phase), so the work goes on where it stopped and the customer's timeline steps back one step, not to the start;
 * 3. otherwise (no such event, or a phase outside the machine) Análise, for claims and support alike.
 */
export function reopenPhase(
  kind: CaseKind,
  current: string,
  history: readonly { tipo: string; de?: string | null; para?: string | null }[],
): string {
  if (isOpenPhaseOf(kind, current)) return current;
  const before = history.filter((e) => e.tipo === 'phase' && e.para === current).at(-1)?.de;
  return isOpenPhaseOf(kind, before) ? before : REANALYSIS;
}
