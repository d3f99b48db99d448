import type { CardBrand } from '@guarita/domain';

/**
 * Adyen's refusal reasons (docs.adyen.com "Refusal reasons", `refusalReasonCode`) as our decline codes and the pt-BR
 * text the customer reads. What is not listed is a generic issuer refusal. The codes the sandbox also gives
 * (card_declined, insufficient_funds, 3ds_failed, invalid_card, no_stored_card) are the same words and texts there:
 * the contract suite holds both to them.
 */
const REFUSALS: Record<string, { code: string; message: string }> = {
  '2': { code: 'card_declined', message: 'Cartão recusado pelo emissor.' },
  '3': { code: 'card_declined', message: 'Cartão recusado pelo emissor.' },
  '4': { code: 'acquirer_error', message: 'Não foi possível processar o cartão. Tente novamente.' },
  '5': { code: 'card_blocked', message: 'Cartão bloqueado.' },
  '6': { code: 'card_expired', message: 'Cartão vencido.' },
  '7': { code: 'invalid_amount', message: 'Valor não autorizado pelo emissor.' },
  '8': { code: 'invalid_card_number', message: 'Número do cartão inválido.' },
  '9': { code: 'issuer_unavailable', message: 'O emissor do cartão não respondeu. Tente novamente.' },
  '11': { code: '3ds_failed', message: 'Autenticação do cartão não concluída.' },
  '12': { code: 'insufficient_funds', message: 'Saldo insuficiente.' },
  '14': { code: 'fraud', message: 'Pagamento recusado por suspeita de fraude.' },
  '20': { code: 'fraud', message: 'Pagamento recusado por suspeita de fraude.' },
  '24': { code: 'cvc_declined', message: 'Código de segurança (CVV) recusado.' },
  '25': { code: 'card_restricted', message: 'Cartão com restrição de uso.' },
  '27': { code: 'card_declined', message: 'Cartão recusado pelo emissor.' },
  '28': { code: 'withdrawal_limit', message: 'Limite do cartão excedido.' },
  '31': { code: 'fraud', message: 'Pagamento recusado por suspeita de fraude.' },
  '38': { code: 'authentication_required', message: 'O emissor exige autenticação do cartão. Tente novamente.' },
};

const GENERIC = { code: 'card_declined', message: 'Cartão recusado pelo emissor.' };

export function refusalOf(refusalReasonCode: string | undefined): { code: string; message: string } {
  return (refusalReasonCode && REFUSALS[refusalReasonCode]) || GENERIC;
}

/** Adyen's brand / variant ('visa', 'visagold', 'mc', 'mccredit', 'amex'…) as our brands; others (elo, hipercard) unknown. */
export function brandOf(adyenBrand: string | undefined): CardBrand | null {
  if (!adyenBrand) return null;
  if (adyenBrand.startsWith('visa')) return 'visa';
  if (adyenBrand.startsWith('mc') || adyenBrand.startsWith('mastercard')) return 'mc';
  if (adyenBrand.startsWith('amex')) return 'amex';
  return null;
}

/** The last 4 digits of Adyen's `cardSummary` (answer or webhook additionalData); null unless it is 4 digits. */
export function lastFour(cardSummary: string | undefined): string | null {
  return cardSummary && /^\d{4}$/.test(cardSummary) ? cardSummary : null;
}

/** The request's card data could not be read (Adyen 422, e.g. "Unable to decrypt data"). */
export const INVALID_CARD = { code: 'invalid_card', message: 'Dados do cartão inválidos.' };
/** A charge on file for a contract with no stored card. */
export const NO_STORED_CARD = { code: 'no_stored_card', message: 'Nenhum cartão salvo para este cliente.' };
