import type { CaseAttachmentDto } from '@guarita/domain';
import { QUALITY_COLUMNS, qualityDtoOfRow } from '../uploads';
import type { Actor } from './case-system';

/** The case_attachments columns an attachment's DTO is made of (with a photo's quality measures, ADR 090). */
export const ATTACHMENT_DTO_COLUMNS = [
  'id',
  'document_type',
  'content_type',
  'size_bytes',
  'created_at',
  'uploaded_by',
  ...QUALITY_COLUMNS,
] as const;

type Row = {
  id: string;
  document_type: string;
  content_type: string;
  size_bytes: number;
  created_at: Date | string;
  uploaded_by: string;
} & Parameters<typeof qualityDtoOfRow>[0];

/** A case_attachments row as the API shows it. */
export const attachmentDto = (r: Row): CaseAttachmentDto => ({
  Id: r.id,
  tipoDocumento: r.document_type,
  contentType: r.content_type,
  tamanho: r.size_bytes,
  CreatedDate: new Date(r.created_at).toISOString(),
  enviadoPor: r.uploaded_by as Actor,
  qualidade: qualityDtoOfRow(r),
});
