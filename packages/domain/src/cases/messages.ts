/** Support requests' pt-BR messages, verbatim from spec 001 (§2, §5, §8) where it gives them. */
export const SUPPORT_MSG = {
  selectArea: 'Selecione uma área',
  invalidMobile: 'Número de celular inválido',
  phoneRequired: 'Preencha o campo acima com um telefone válido.',
  // feedback screen
  success: 'Sua solicitação foi enviada com sucesso!',
  successReturn: 'Retornaremos em até 3 dias úteis.',
  successEmail: 'Fique atento ao seu e-mail.',
  errorAlert: (phone: string) => `Erro. Entre em contato com o Suporte pelo telefone ${phone}`,
  sendFailed: 'Não foi possível enviar sua solicitação.',
  retryText: 'Não conseguimos enviar sua solicitação. Tente novamente ou entre em contato com o suporte.',
  comingSoon: 'Esta solicitação estará disponível em breve. Enquanto isso, fale com o Suporte pelo telefone',
  // cancellation
  cancelReason: 'Insira o motivo do cancelamento',
  cancelDetail: 'Insira o motivo detalhadamente',
  // tracker
  selectCase: 'Selecione um caso',
  explainBetter: 'Explique melhor o ocorrido',
  // contestation / ombudsman
  insertReason: 'Insira o motivo',
  pdfOrJpg: 'Selecione um arquivo PDF ou JPG!',
  protocol: (n: string | null | undefined) => `Protocolo ${n || 'N/A'}`,
  contestationFailed: 'Erro ao enviar a solicitação.',
  // registration change
  selectOption: 'Selecione uma opção',
  invalidCep: 'CEP inválido',
  cepNotFound: 'CEP não encontrado',
  cepUnavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço.',
  insertState: 'Insira o estado',
  insertCity: 'Insira a cidade',
  insertNeighborhood: 'Insira o bairro',
  insertStreet: 'Insira a rua',
  insertNumber: 'Insira o número',
  insertEmail: 'Insira um e-mail válido',
  registrationFailed: 'Ocorreu um erro ao enviar os dados. Tente novamente.',
  registrationSuccess: 'Solicitação enviada com sucesso!',
  registrationPending: 'Seus dados serão atualizados depois que nossa equipe analisar e aprovar a alteração.',
  invalidDocumentType: 'Tipo de documento inválido. Use CNH ou CRLV',
  // duplicate (due-date rule of §8, used for every reason)
  duplicate: 'Solicitação duplicada detectada.',
  /** Ours (issue 23 item 12): the daily limit of the types that allow several open cases. */
  dailyLimit: (label: string, limit: number) =>
    `Você já enviou ${limit} solicitações de ${label} nas últimas 24 horas. Acompanhe-as em Minhas solicitações e tente novamente amanhã.`,
  /** Said when the type is chosen, before the form (issue 24 item 14; ours — the spec has only the CRM's refusal). */
  openCaseOfType: (label: string, caseNumber: string, when: string) =>
    `Você já tem uma solicitação de ${label} em aberto: protocolo ${caseNumber}, aberta em ${when}. ` +
    'Acompanhe-a em Minhas solicitações; uma nova poderá ser enviada depois que ela for concluída.',
  // uploads (§5, §8) and our own limits
  fileTooLarge: 'O arquivo excede o limite de 5MB. Por favor, reduza o tamanho do arquivo.',
  pdfOnlyReport: 'Apenas arquivos PDF são permitidos para o Boletim de Ocorrência.',
  invalidFormat: 'Formato inválido',
  uploadFailed: (status: number) => `Erro ${status}: Não foi possível fazer o upload do documento.`,
  emptyFile: 'O arquivo enviado está vazio.',
  tooManyFiles: 'Envie no máximo 5 arquivos por solicitação.',
  quotaExceeded: 'Limite de armazenamento de arquivos atingido. Entre em contato com o suporte.',
  caseNotFound: 'Solicitação não encontrada.',
  contractNotFound: 'Contrato não encontrado.',
  attachmentRequired: 'Anexe um arquivo.',
} as const;
