/**
 * pt-BR messages of the money-changing support requests (issue 12), verbatim from spec 001 §2, §5, §8 and
 * 002 §5.3, §8 where the spec gives them. Texts the spec does not give (the blocking rules' lines) are ours and
 * marked so.
 */
export const PLAN_CHANGE_MSG = {
  contractIdNotFound: 'ID do contrato não encontrado',
  planDataNotLoaded: 'Dados do plano não carregados corretamente',
  stateNotFoundInPlan: 'Estado não encontrado no plano',
  plansNotLoaded: 'Não foi possível carregar os planos disponíveis',
  noValidPlan: 'Não foi possível encontrar um plano válido para realizar a troca',
  planDataLoadFailed: 'Erro ao carregar dados do plano. Tente novamente.',
  clientDataNotCached: 'Dados do cliente não encontrados no cache',
  contractNotFoundOrInvalid: 'Contrato não encontrado ou inválido',
  stateNotFoundForContract: 'Estado não encontrado para o contrato informado',
  plansServerError: 'Erro de servidor ao retornar planos. Tente novamente.',
  currentPlanUnavailable: 'Seu plano atual não está disponível para alteração. Por favor, entre em contato com o suporte.',
  agreement: 'Estou de acordo com a alteração.',
  confirm: 'Confirmar alteração',
  success: 'Alteração de plano efetuada!',
  added: 'Adicionado',
  removed: 'Removido',
  acquired: 'Adquirido',
  available: 'Disponível',
} as const;

export const DUE_DATE_MSG = {
  chooseDay: 'Insira a nova data de vencimento',
  duplicate: 'Solicitação duplicada detectada.',
  success: 'Solicitação enviada com sucesso!',
  unexpected: 'Erro ao enviar a solicitação. Tente novamente.',
  unexpectedResult: 'Erro inesperado.',
  adjustmentTitle: 'Ajuste de fatura',
  /** After sending: the contract keeps its day until staff approve (issue 24 item 15; ours, like the registration note). */
  pending: (day: number, current: number) =>
    `Pedido de alteração para o dia ${day} aguardando aprovação da nossa equipe. Até lá, o vencimento continua no dia ${current}.`,
} as const;

export const VEHICLE_MSG = {
  insertPlate: 'Insira a placa do carro',
  insertBrand: 'Insira a marca do carro',
  insertYear: 'Insira o ano do carro',
  insertModel: 'Insira o modelo',
  selectOption: 'Selecione uma opção',
  required: 'Este campo é obrigatório.',
  chassisRepeated: 'Chassi inválido! Não pode conter 17 números repetidos.',
  chassisInvalid: 'Chassi inválido! Deve conter apenas caracteres alfanuméricos válidos.',
  chassisValid: 'Chassi válido!',
  notPermittedShort: 'Ops, veículo não permitido.',
  notPermittedTitle: 'Ops, veículo não permitido',
  notPermittedText: 'Este modelo de veículo não é permitido para contratação do seguro.',
  notAccepted: 'Veículo não aceito',
  fipeNotFoundTitle: 'Não foi possível recuperar valores (FIPE) do veículo!',
  fipeNotFoundText: 'Verifique a placa ou tente novamente mais tarde.',
  fipeAboveMax: 'O valor do veículo na tabela FIPE é maior que o máximo para contratação do seguro.',
  brandsFailed: 'Erro ao carregar marcas.',
  modelsFailed: 'Erro ao carregar os modelos.',
  agreement: 'Estou de acordo com a alteração',
  unplated: 'Veículo não emplacado',
} as const;

export const SPARE_CAR_MSG = {
  blockedTitle: 'Solicitação Bloqueada',
  back: 'Voltar',
  selectOption: 'Selecione uma opção',
  submit: 'Enviar Solicitação',
  isSharp: 'Está nítido?',
  thirdPartyCollision: 'Você possui um caso de colisão com terceiros em aberto.',
  processingFailed: 'Erro ao processar solicitação.',
  sendFailed: 'Erro ao enviar a solicitação.',
} as const;
