/** Claims' pt-BR messages, verbatim from spec 002 (§2, §4, §5, §8), including its wording slip on the driver contact. */
export const CLAIM_MSG = {
  // notice (§2.1)
  mustAgree: 'Você precisa concordar antes de continuar!',
  agree: 'Li e estou de acordo!',
  // coverage gate (§2.2, §6)
  noCoverageTitle: 'Não é possível criar sinistros',
  noCoverageText: 'No momento você não possui autorização para criar sinistros. Mude seu plano e tente novamente.',
  // form (§5.1)
  reason: 'Selecione o motivo do caso',
  description: 'Insira uma descrição',
  location: 'Insira o local do ocorrido',
  referencePoint: 'Insira um ponto de referência',
  date: 'Insira a data',
  time: 'Insira o Horário',
  driverInvalid: 'Informe um nome válido',
  driverRequired: 'Insira o nome do condutor',
  driverCpf: 'Insira o CPF do condutor',
  /** The spec's wording slip: the driver-contact field shows the CPF message. */
  driverContact: 'Insira o CPF do condutor',
  vehicleMoving: 'Selecione se o veículo está se locomovendo',
  vehicleLocation: 'Campo obrigatório quando o veículo não está se locomovendo',
  incidentReport: 'Selecione se o boletim de ocorrência foi realizado',
  thirdParties: 'Selecione se houve envolvimento com terceiros',
  openProtocol: 'Campo obrigatório',
  thirdPartyPhone: 'Insira um telefone válido com um 9 na frente (celular com DDD)',
  required: 'Campo obrigatório',
  missingFields: (fields: readonly string[]) => `Campos obrigatórios faltando: ${fields.join(', ')}`,
  counter: (n: number, max: number) => `${n}/${max} caracteres`,
  // duplicate (§2.2)
  duplicateTitle: 'Já existe um caso aberto',
  // creation errors (§8)
  createFailed: 'Ops! ocorreu um erro ao criar o caso, tente novamente mais tarde.',
  createFailedWith: 'Ops! ocorreu um erro, tente novamente mais tarde.',
  invalidCrmResponse: 'Resposta inválida da API SALESFORCE',
  createError: (msg: string) => `Erro ao criar caso: ${msg}`,
  contractNotFound: 'Dados do contrato não encontrados',
  // evidence (§2.3, §5.2, §8)
  declaration:
    'Declaro, sob as penas da lei, que as informações prestadas são verdadeiras e que as fotos disponibilizadas reproduzem fielmente o estado em que o automóvel se encontra.',
  acceptDeclaration: 'Aceite a declaração para continuar!',
  caseNumberMissing: 'Número do chamado não encontrado. Por favor, atualize a página e tente novamente.',
  selectFile: 'Por favor, selecione um arquivo para upload',
  clientDataMissing: 'Dados do cliente não disponíveis. Por favor, atualize a página e tente novamente',
  uploadFailed: 'Não foi possível fazer o upload da foto. Atualize a página e tente novamente.',
  uploadError: 'Ocorreu um erro ao enviar a foto. Atualize a página e tente novamente.',
  fileTooLarge: 'O arquivo excede o limite de 5MB. Por favor, reduza o tamanho do arquivo.',
  boletimPdfOnly: 'Apenas arquivos PDF são permitidos para o Boletim de Ocorrência.',
  /** Ours (issue 24): a photo step's file that is none of jpg, jpeg, png, webp, pdf (§5.2), by name or by first bytes. */
  wrongFileType: 'Este tipo de arquivo não é aceito. Envie uma foto (JPG, PNG ou WEBP) ou um PDF.',
  /** Ours (issue 24): the case view right after the last evidence step says what was sent and what comes next. */
  evidenceSentTitle: 'Fotos e documentos enviados!',
  evidenceSentText:
    'A equipe de sinistros vai analisar o que você enviou e você acompanha cada etapa aqui. Se alguma foto precisar ser refeita, ela aparece como Reprovado em Documentação, com o motivo, e você recebe um aviso.',
  // tracking (§4.1, §4.2)
  unknownPhase: (phase: string) => `Etapa não encontrada! Status: ${phase}`,
  totalLoss: 'Seu caso foi encaminhado para a equipe de indenização...',
  inProgress: 'Em andamento',
  completedSteps: (n: number) => (n === 1 ? '1 etapa concluída' : `${n} etapas concluídas`),
} as const;

/** Business constants of 002 §9. */
export const CLAIM_LIMITS = {
  description: 255,
  location: 200,
  referencePoint: 200,
  driver: 200,
  driverMin: 3,
  vehicleLocation: 200,
  pdfMaxBytes: 5 * 1024 * 1024,
  imageMaxPx: 1500,
  jpegQuality: 0.7,
  errorBannerMs: 10_000,
  commentsShown: 3,
} as const;
