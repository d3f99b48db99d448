/**
 * The payments area's user-facing pt-BR messages. Those marked "spec" are verbatim from
 * spec 000 §2/§5/§6/§8 and 002 §2.5/§8; the others fill gaps the spec leaves silent.
 */
export const PAYMENT_MSG = {
  // Late Pix (issue 7; not in the spec): money received after the charge expired, when its bills were already paid.
  latePixCredit:
    'Recebemos um Pix de {valor} referente ao contrato {contrato} depois do prazo da cobrança. As faturas já estavam pagas, então o valor ficou registrado como crédito e será devolvido a você. Nossa equipe entrará em contato.',
  // Card form (spec 000 §5)
  cardNumberInvalid: 'Erro ao processar pagamento. número do cartão inválido!', // spec
  cardNumberMissing: 'Erro ao processar pagamento. número do cartão não informado!', // spec
  cardExpiryMissing: 'mês/ano de expiração não informado', // spec
  cardCvvMissing: 'CVV não informado', // spec
  cardHolderMissing: 'nome do titular do cartão não informado.', // spec
  cardExpiryInvalid: 'Erro ao processar pagamento. data de expiração inválida!',
  cardCvvInvalid: 'Erro ao processar pagamento. CVV inválido!',
  cardNotEncrypted: 'Os dados do cartão devem ser enviados criptografados pelo formulário de pagamento.',
  cardEncryptionFailed: 'Não foi possível proteger os dados do cartão. Recarregue a página e tente novamente.',
  card3dsTitle: 'Confirme a compra no seu banco',
  card3dsFailed: 'A autenticação do cartão não foi concluída. Tente novamente.',
  card3dsExpired: 'A autenticação do cartão expirou. Faça o pagamento novamente.',
  termsLabel: 'Li e concordo com os Termos do Uso e a Política de Privacidade', // spec

  // Open-invoice payment (spec 000 §6, §8; 002 §8)
  sellerCodeMissing: 'Erro: Código do vendedor não encontrado. Faça login novamente.', // spec
  paymentSuccess: 'Pagamento solicitado com sucesso!', // spec
  paymentConfirmed: 'Pagamento confirmado', // spec
  paymentFailedTitle: 'Algo deu errado no pagamento!', // spec
  paymentFailedText:
    'Não conseguimos processar sua solicitação. Tente novamente em instantes ou entre em contato com o suporte, se o problema persistir.', // spec
  paymentUndecodableTitle: 'Erro interno: resposta inválida do SAP.', // spec
  paymentUndecodableText: 'Por favor, tente novamente mais tarde.', // spec
  paymentSessionExpired: 'Sessão expirada. Redirecionando para login...', // spec
  paymentOtherError: 'Ops, ocorreu um erro ao processar o pagamento.', // spec
  cardDeclined: 'Pagamento recusado pela operadora do cartão.',
  noCardOnFile: 'Nenhum cartão cadastrado para este contrato. Cadastre um cartão para pagar.',
  billNotFound: 'Fatura não encontrada.',
  invalidBillList: 'Informe as faturas (docEntry) a pagar.',
  invalidAmount: 'Informe o valor total, em centavos, exibido na tela.',
  billNotOpen: 'A fatura selecionada não está em aberto.',
  noOpenBills: 'Não há faturas em aberto para pagamento.',
  amountChanged: 'O valor das faturas foi atualizado. Confira o novo total e tente novamente.',
  idempotencyKeyRequired: 'Informe o cabeçalho Idempotency-Key (um identificador único por tentativa de pagamento).',
  idempotencyKeyReused: 'Esta chave de idempotência já foi usada em uma solicitação diferente. Inicie um novo pagamento.',

  // Pix (spec 000 §2, §8; 002 §2.5, §8)
  pixCreated: 'Pix gerado com sucesso!',
  pixValidity: 'QR code válido por 02 horas', // spec
  pixNotice: 'Você será notificado assim que o pagamento for confirmado', // spec
  /** The server's text; the web matches 'faz parte de uma negociação em aberto' (spec). */
  pixInNegotiation: 'A fatura faz parte de uma negociação em aberto!', // spec
  pixNotFound: 'Cobrança Pix não encontrada.',
  pixUnavailable: 'Pagamento por Pix indisponível no momento. Tente novamente mais tarde.',
  copyPix: 'Copiar Pix', // spec

  // Change card (spec 000 §2, §8)
  cardChanged: 'Cartão de crédito atualizado com sucesso!', // spec
  cardChangedText: 'As próximas mensalidades serão debitadas neste novo cartão.', // spec
  cardChangeFailedTitle: 'Erro ao atualizar cartão', // spec
  cardChangeFailed: 'Erro ao trocar o cartão de crédito.', // spec
  cardChangeEmpty: 'Oops! Erro trocar o cartão de crédito.', // spec
  cardChangeException: 'Ops, ocorreu um erro ao trocar o cartão de crédito.', // spec

  // Advance (spec 000 §2, §5, §8)
  advanceSelectMethod: 'Selecione um método de pagamento para antecipação', // spec
  advanceNoInvoices: 'Você não possui faturas para antecipação!', // spec
  advanceCheckFailed: 'Ocorreu um erro ao verificar as faturas para antecipação. Tente novamente mais tarde.', // spec
  advanceInProgress: 'Já existe uma solicitação de antecipação em processamento para o seu contrato!', // spec
  advanceOtherError: 'Ocorreu um erro, tente novamente mais tarde.', // spec
  advanceUnavailableTitle: 'Antecipação não disponível', // spec
  advanceUnavailableOverdue: 'A antecipação só é possível após a quitação das faturas em atraso.',
  /** {data} is the scheduled debit date, dd/mm/aaaa. */
  advanceUnavailablePendingDebit: 'A antecipação só é possível após o débito da mensalidade deste mês, agendado para {data}.',
  advancePixWarning: 'Ao gerar o Pix, esta ação não poderá ser desfeita.',
  advanceCardSuccess: 'Antecipação realizada com sucesso! A fatura com vencimento em {data} foi paga no cartão final {final}.',
  advanceLinkCreated: 'Link de pagamento gerado. Conclua o pagamento na página que será aberta.',
} as const;

/** Replaces {name} placeholders of a PAYMENT_MSG template. */
export function fillMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}
