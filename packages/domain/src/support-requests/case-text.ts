/**
 * The Description of the money-changing cases (issue 12): what staff read next to the structured fields
 * (idCotacao; DiaVencimento__c, CobrarValorProRata__c). Built from the server's own numbers.
 */
import { formatIsoDate } from '../dates';
import { formatMoney } from '../money';
import type { PaymentType } from './plan-ids';

export function planChangeDescription(q: {
  idPlano: string;
  paymentType: PaymentType;
  initialVlue: number;
  installments: number;
  installmentValue: number;
  added: readonly string[];
  removed: readonly string[];
  idCotacao: string;
}): string {
  const value =
    q.paymentType === 'A'
      ? `anual, ${formatMoney(q.initialVlue)} em ${q.installments}x de ${formatMoney(q.installmentValue)}`
      : `mensal, ${formatMoney(q.initialVlue)} por mês`;
  const list = (xs: readonly string[]) => (xs.length ? xs.join(', ') : 'nenhum');
  return `Alteração de plano para ${q.idPlano} (${value}). Adicionado: ${list(q.added)}. Removido: ${list(q.removed)}. Cotação ${q.idCotacao}.`;
}

export function dueDateDescription(
  currentDay: number,
  newDay: number,
  s: {
    valorMensalidade: number;
    valorVoucher: number;
    valorAcrescimo: number;
    valorProximaFatura: number;
    diasProporcionais: number;
    proximoVencimento: string;
  },
): string {
  const prorata =
    s.valorAcrescimo > 0
      ? `acréscimo de ${formatMoney(s.valorAcrescimo)} (${s.diasProporcionais} dias)`
      : s.valorVoucher > 0
        ? `desconto de ${formatMoney(s.valorVoucher)} (${s.diasProporcionais} dias)`
        : 'sem valor proporcional';
  return (
    `Alteração do dia de vencimento de ${currentDay} para ${newDay}. Próximo vencimento ${formatIsoDate(s.proximoVencimento)}: ` +
    `${formatMoney(s.valorProximaFatura)} (${prorata}); depois ${formatMoney(s.valorMensalidade)} por mês.`
  );
}
