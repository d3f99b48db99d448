import { daysBetweenIso, daysInMonthOf, dueDayIn } from '../calendar';
/**
 * Due-date change pro-rata (001 §2 'Due-date change', §3 'Due-date simulation response', §4, §9), the rule of
 * docs/decisions/050-due-date-pro-rata.md. Pure: calendar dates 'YYYY-MM-DD' (today in São Paulo), money in Cents.
 */
import { cents, type Cents } from '../money';

export const DUE_DAY_MIN = 1;
export const DUE_DAY_MAX = 30;
export const isDueDay = (d: number): boolean => Number.isInteger(d) && d >= DUE_DAY_MIN && d <= DUE_DAY_MAX;

export interface DueDateSimulation {
  valorMensalidade: Cents;
  /** days between the bill's date on the current day and its date on the new day (0 when they coincide) */
  diasProporcionais: number;
  /** credit on the coming bill: the new day comes earlier, so days already paid are given back */
  valorVoucher: Cents;
  /** extra on the coming bill: the new day comes later, so the days in between are charged */
  valorAcrescimo: Cents;
  /** the coming bill: valorMensalidade + valorAcrescimo − valorVoucher */
  valorProximaFatura: Cents;
  /** the coming bill's due date on the current day, and on the new day */
  vencimentoAtual: string;
  proximoVencimento: string;
  /** the case field CobrarValorProRata__c */
  cobrarValorProRata: 'Sim' | 'Não';
}

/**
 * The prorated change from `currentDay` to `newDay` (both 1–30, clamped to short months).
 * The coming bill falls on the first `currentDay` after today; on the new day it falls in that same month, or —
 * when that date is not after today — in the month after. The days between the two dates are charged (new day
 * later) or credited (new day earlier) at the monthly fee ÷ the days of the month the coming bill falls in.
 */
export function dueDateProRata(input: { monthlyFee: Cents; currentDay: number; newDay: number; today: string }): DueDateSimulation {
  const fee = Math.max(0, input.monthlyFee);
  const today = input.today.slice(0, 10);
  // ISO calendar dates compare as text.
  const oldMonth = dueDayIn(today, 0, input.currentDay) <= today ? 1 : 0;
  const oldDue = dueDayIn(today, oldMonth, input.currentDay);
  let newDue = dueDayIn(today, oldMonth, input.newDay);
  if (newDue <= today) newDue = dueDayIn(today, oldMonth + 1, input.newDay);
  const diff = daysBetweenIso(oldDue, newDue);
  const monthDays = daysInMonthOf(oldDue);
  const prorated = Math.round((fee * Math.abs(diff)) / monthDays);
  const acrescimo = diff > 0 ? prorated : 0;
  const voucher = diff < 0 ? prorated : 0;
  return {
    valorMensalidade: cents(fee),
    diasProporcionais: Math.abs(diff),
    valorVoucher: cents(voucher),
    valorAcrescimo: cents(acrescimo),
    valorProximaFatura: cents(fee + acrescimo - voucher),
    vencimentoAtual: oldDue,
    proximoVencimento: newDue,
    cobrarValorProRata: diff === 0 ? 'Não' : 'Sim',
  };
}
