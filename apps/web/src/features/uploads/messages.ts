/** What the screens say about files kept on the device (ADR 093). */
export const OUTBOX_MSG = {
  photoKept: 'Guardada neste aparelho: será enviada quando a conexão voltar.',
  photoKeptStep: 'A foto ficou guardada neste aparelho e será enviada sozinha quando a conexão voltar. Você pode continuar.',
  requestKept:
    'Sua solicitação e os arquivos ficaram guardados neste aparelho e serão enviados sozinhos quando a conexão voltar. O protocolo aparecerá em Minhas solicitações.',
} as const;
