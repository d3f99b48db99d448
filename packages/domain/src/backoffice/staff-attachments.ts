import { SUPPORT_MSG } from '../cases/messages';
import type { UploadMime } from '../cases/schemas';

/**
 * A file staff attach to a comment the customer sees (issue 30 item 16): the customers' own upload rules (type by
 * magic bytes, 5 MB, images re-encoded without metadata) and the registration documents' types (PDF, JPG, PNG).
 */
export const STAFF_ATTACHMENT = {
  accept: ['application/pdf', 'image/jpeg', 'image/png'] as readonly UploadMime[],
  /** The `accept` of the file input. */
  acceptAttr: 'application/pdf,image/jpeg,image/png',
  wrongTypeMessage: SUPPORT_MSG.invalidFormat,
  /** The document type stored (the customer's case view names the file after it). */
  documentType: 'anexo-da-equipe',
} as const;

export const STAFF_ATTACHMENT_MSG = {
  fileRequired: 'Escolha o arquivo a anexar.',
  notInNote: 'Anexos vão só em comentários para o cliente: desmarque “Nota interna” ou retire o arquivo.',
  onlyOne: 'Anexe um arquivo por comentário.',
} as const;
