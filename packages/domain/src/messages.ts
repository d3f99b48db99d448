/** The spec's user-facing pt-BR messages, verbatim. One place, so web and API never drift apart. */
export const MSG = {
  required: 'Preencha o campo acima',
  invalidDocument: 'CPF ou CNPJ inválidos!',
  codeRequired: 'Preencha o campo com o código de validação',
  lookupFailed: 'Ops! Algo deu errado. Tente novamente mais tarde.',
  codeCheckFailed: 'Não foi possível validar código.',
  tooManyRequests: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  codeExpired: 'Código expirado ou já utilizado. Solicite um novo código.',
  /**
   * Not in the spec (issue 23): many attempts on this CPF/CNPJ from elsewhere; a new device proves it is no robot (ALTCHA)
   * and goes on (the login page solves the challenge by itself).
   */
  challengeRequired: 'Houve muitas tentativas de acesso a este CPF/CNPJ. Por segurança, confirme que você não é um robô para continuar.',
  contactIncomplete: 'Preencha todos os campos!',
  contactError: 'Erro ao enviar! Tente novamente!',
  contactSuccess: 'Mensagem enviada com sucesso!',
  captchaFailed: 'Confirme que você não é um robô antes de enviar.',
  invalidEmail: 'Informe um e-mail válido.',
  invalidPhone: 'Informe um telefone com DDD.',
  unexpected: 'Erro inesperado. Tente novamente mais tarde.',
  connection: 'Erro de conexão. Tente novamente mais tarde.',
  /** A form whose checks (a module of their own, ADR 025) could not be loaded: nothing typed is lost. */
  formNotReady: 'Não foi possível preparar o formulário. Verifique sua conexão e envie de novo: o que você preencheu continua aqui.',
  /** Not in the spec: the banner of a screen that lost the connection and keeps its last data (issue 8). */
  offline: 'Você está sem conexão. Mostrando os últimos dados carregados.',
  notFound: 'Não encontrado.',
  sessionExpired: 'Sessão expirada. Faça login novamente.',
  renderErrorTitle: 'Algo deu errado',
  renderErrorText: 'Tente voltar e refazer a última ação.',
  /** A page whose code could not be downloaded (offline, a dropped connection): not the spec's generic error. */
  pageLoadFailedTitle: 'Não foi possível abrir esta página',
  pageLoadFailedText: 'Verifique sua conexão e tente de novo. A página abre sozinha quando a conexão voltar.',
} as const;
