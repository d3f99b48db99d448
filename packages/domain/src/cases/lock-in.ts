import { addDaysIso, addMonthsIso, daysBetweenIso } from '../calendar';
import { formatIsoDate } from '../dates';

/**
 * Cancellation terms from the FAQ facts (spec 000 §1): no cancellation fee in the first 30 days, then an
 * annual plan with a 12-month commitment. Computed from the contract's start date (dataInicioVigencia) so
 * the customer sees what leaving now means before confirming (issue 9 §5). Calendar dates 'YYYY-MM-DD'.
 */
export const CANCELLATION_GRACE_DAYS = 30;
export const COMMITMENT_MONTHS = 12;

export type LockIn =
  | { phase: 'grace'; daysSinceStart: number; graceEndsOn: string; daysLeftInGrace: number }
  | { phase: 'commitment'; daysSinceStart: number; commitmentEndsOn: string; monthsRemaining: number };

export function cancellationLockIn(startDate: string, today: string): LockIn {
  const daysSinceStart = Math.max(0, daysBetweenIso(startDate, today));
  if (daysSinceStart < CANCELLATION_GRACE_DAYS) {
    const graceEndsOn = addDaysIso(startDate, CANCELLATION_GRACE_DAYS);
    return { phase: 'grace', daysSinceStart, graceEndsOn, daysLeftInGrace: CANCELLATION_GRACE_DAYS - daysSinceStart };
  }
  // The current 12-month cycle: the first anniversary strictly after today.
  let cycles = 1;
  while (addMonthsIso(startDate, cycles * COMMITMENT_MONTHS) <= today) cycles++;
  const commitmentEndsOn = addMonthsIso(startDate, cycles * COMMITMENT_MONTHS);
  let monthsRemaining = 0;
  while (addMonthsIso(today, monthsRemaining) < commitmentEndsOn) monthsRemaining++;
  return { phase: 'commitment', daysSinceStart, commitmentEndsOn, monthsRemaining };
}

/** The sentences shown before a cancellation is confirmed. */
export function lockInText(l: LockIn): string[] {
  if (l.phase === 'grace') {
    return [
      `Seu contrato começou há ${l.daysSinceStart} ${l.daysSinceStart === 1 ? 'dia' : 'dias'}: o cancelamento nos primeiros ${CANCELLATION_GRACE_DAYS} dias não tem multa.`,
      `Esse prazo termina em ${formatIsoDate(l.graceEndsOn)}.`,
    ];
  }
  return [
    `Passados os primeiros ${CANCELLATION_GRACE_DAYS} dias, o plano tem fidelidade de ${COMMITMENT_MONTHS} meses.`,
    `O período atual de fidelidade do seu contrato vai até ${formatIsoDate(l.commitmentEndsOn)} (${l.monthsRemaining} ${l.monthsRemaining === 1 ? 'mês restante' : 'meses restantes'}).`,
    'Cancelar agora pode gerar cobrança proporcional conforme as condições do seu contrato; nossa equipe informará o valor antes de concluir.',
  ];
}
