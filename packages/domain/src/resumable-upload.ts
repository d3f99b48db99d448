import { CASE_NUMBER_PATTERN } from './cases/cases';

/**
 * Resumable uploads (issue 31 item 2, ADR 092): the contract between the browser's tus client and the API's tus endpoint.
 * A photo or attachment is sent in chunks to `RESUMABLE_UPLOAD_PATH` (tus 1.0.0: creation, termination, expiration)
 * with Upload-Metadata naming where it goes; the server checks the target when the upload is created and applies the
 * same checks as the one-request upload when the last byte arrives.
 */

export const RESUMABLE_UPLOAD_PATH = '/api/uploads';

/** Where a resumable upload goes: a claim's evidence of one type, or an attachment a support request takes later. */
export const UPLOAD_DESTINOS = ['foto-sinistro', 'anexo'] as const;
export type Destino = (typeof UPLOAD_DESTINOS)[number];

/** Upload-Metadata (tus: key and base64 value pairs) per destination, as the server keeps it. */
export type UploadFields =
  | { destino: 'foto-sinistro'; /** the claim's CaseNumber */ caso: string; /** the photo type's id */ tipo: string }
  | { destino: 'anexo'; /** the contract (nCtrId) the request will be sent for */ contrato: number };

/** Unfinished uploads one customer may have at once. */
export const MAX_UNFINISHED_UPLOADS = 20;
/**
 * Uploads one customer may create in 24 hours: a claim's dozen photos retaken a few times, and attachments, fit many
 * times over; it bounds what one login can make the database hold (finished attachments wait for their request).
 */
export const MAX_UPLOADS_PER_DAY = 200;
/** Hours an unfinished upload lives after its creation, and a finished one after finishing. */
export const UPLOAD_TTL_HOURS = 24;

export const UPLOAD_MSG = {
  badDestino: 'Não foi possível identificar o destino do arquivo. Tente enviar novamente.',
  badFields: 'Faltam dados do envio do arquivo. Tente enviar novamente.',
  tooManyToday: 'Você enviou muitos arquivos hoje. Tente novamente mais tarde.',
  tooManyUnfinished: 'Há muitos envios de arquivos em andamento. Aguarde a conclusão deles ou descarte algum e tente novamente.',
  anexoNotFinished: 'Um anexo não terminou de ser enviado. Envie a solicitação novamente.',
  notFound: 'Envio de arquivo não encontrado. Envie o arquivo novamente.',
  offsetConflict: 'O envio do arquivo ficou fora de sequência. Ele será retomado do ponto certo.',
  tooLarge: 'O arquivo excede o limite de 5MB. Por favor, reduza o tamanho do arquivo.',
  badRequest: 'Requisição de envio de arquivo inválida.',
  failed: 'Não foi possível receber o arquivo. Tente novamente.',
} as const;

const TYPE_ID = /^[a-z0-9-]{1,40}$/;
const N_CTR_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The validated fields of a tus Upload-Metadata (already base64-decoded), or the pt-BR reason it is refused. Only the
 * fields of the destination are kept; anything else the client sent (a file name, its type) is dropped.
 */
export function uploadFields(raw: Record<string, string | null | undefined>): { fields: UploadFields } | { error: string } {
  const destino = raw.destino;
  if (destino === 'foto-sinistro') {
    const caso = raw.caso ?? '';
    const tipo = raw.tipo ?? '';
    if (caso.length > 20 || !CASE_NUMBER_PATTERN.test(caso) || !TYPE_ID.test(tipo)) return { error: UPLOAD_MSG.badFields };
    return { fields: { destino, caso, tipo } };
  }
  if (destino === 'anexo') {
    const contrato = raw.contrato ?? '';
    if (!N_CTR_ID.test(contrato) || Number(contrato) > 2_147_483_647) return { error: UPLOAD_MSG.badFields };
    return { fields: { destino, contrato: Number(contrato) } };
  }
  return { error: UPLOAD_MSG.badDestino };
}
