import { z } from 'zod';
import { safeText } from '../bounds';

/** The customer's answer to the service desk's comments in a case (issue 24 item 19): its limits and pt-BR texts. */
export const CASE_REPLY_MAX = 2000;

export const CASE_REPLY_MSG = {
  label: 'Sua resposta',
  required: 'Escreva sua resposta.',
  send: 'Enviar resposta',
  sent: 'Resposta enviada. Nossa equipe vai ler e responder por aqui.',
  failed: 'Não foi possível enviar sua resposta. Tente novamente.',
  closed: 'Esta solicitação já foi concluída. Para continuar, abra uma nova solicitação.',
} as const;

/** POST /api/cases/{caseId}/comments: plain text, line breaks allowed, no other control character. */
export const CaseReplyBody = z.object({
  texto: safeText(CASE_REPLY_MAX, { required: CASE_REPLY_MSG.required, multiline: true }).trim().min(1, CASE_REPLY_MSG.required),
});
export type CaseReplyBody = z.infer<typeof CaseReplyBody>;
