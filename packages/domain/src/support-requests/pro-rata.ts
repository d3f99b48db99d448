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

const DAY_MS = 86_400_000;
const parse = (iso: string): [number, number, number] => {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return [y!, m! - 1, d!];
};
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
/** Day `day` of month `m` (0-based, may overflow into the next year), clamped to the month's last day. */
const dueIn = (y: number, m: number, day: number) => Date.UTC(y, m, Math.min(day, daysInMonth(y, m)));
const toIso = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The prorated change from `currentDay` to `newDay` (both 1–30, clamped to short months).
 * The coming bill falls on the first `currentDay` after today; on the new day it falls in that same month, or —
 * when that date is not after today — in the month after. The days between the two dates are charged (new day
 * later) or credited (new day earlier) at the monthly fee ÷ the days of the month the coming bill falls in.
 */
export function dueDateProRata(input: { monthlyFee: Cents; currentDay: number; newDay: number; today: string }): DueDateSimulation {
  const fee = Math.max(0, input.monthlyFee);
  const [y, m, d] = parse(input.today);
  const today = Date.UTC(y, m, d);
  let oldMonth = m;
  if (dueIn(y, oldMonth, input.currentDay) <= today) oldMonth++;
  const oldDue = dueIn(y, oldMonth, input.currentDay);
  let newDue = dueIn(y, oldMonth, input.newDay);
  if (newDue <= today) newDue = dueIn(y, oldMonth + 1, input.newDay);
  const diff = Math.round((newDue - oldDue) / DAY_MS);
  const monthDays = daysInMonth(new Date(oldDue).getUTCFullYear(), new Date(oldDue).getUTCMonth());
  const prorated = Math.round((fee * Math.abs(diff)) / monthDays);
  const acrescimo = diff > 0 ? prorated : 0;
  const voucher = diff < 0 ? prorated : 0;
  return {
    valorMensalidade: cents(fee),
    diasProporcionais: Math.abs(diff),
    valorVoucher: cents(voucher),
    valorAcrescimo: cents(acrescimo),
    valorProximaFatura: cents(fee + acrescimo - voucher),
    vencimentoAtual: toIso(oldDue),
    proximoVencimento: toIso(newDue),
    cobrarValorProRata: diff === 0 ? 'Não' : 'Sim',
  };
}
