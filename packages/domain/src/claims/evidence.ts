import type { UploadMime } from '../cases/schemas';
import { CLAIM_LIMITS, CLAIM_MSG } from './messages';

/** A photo/document type of a claim reason (002 §3: Id, Titulo, Obrigatorio). */
export interface PhotoType {
  Id: string;
  Titulo: string;
  Obrigatorio: boolean;
}

/** An uploaded photo (002 §3: TipoFoto.Id, Foto with Aprovacao, TextoReprovacao, Tipo). */
export interface PhotoRecord {
  TipoFoto: { Id: string };
  Foto: { Aprovacao: boolean | null; TextoReprovacao: string | null; Tipo: 'jpg' | 'pdf' };
}

/** 002 §4.4. 'todas-aprovadas' is ours: every required photo approved (routes like any other status). */
export const PHOTO_STATUSES = [
  'todas-pendente-upload',
  'alguma-pendente-upload',
  'alguma-pendente-aprovacao',
  'alguma-reprovada',
  'todas-aprovadas',
] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

/** The Id of the police-report type: PDF only, ≤ 5 MB (002 §5.2). */
export const BOLETIM_TYPE_ID = 'boletim-ocorrencia';
/** The fixed quote step before the required types (002 §2.3); its upload is optional. */
export const ORCAMENTO_TYPE_ID = 'orcamento';

export const isBoletimType = (typeId: string) => typeId === BOLETIM_TYPE_ID;

/** Only required types are used (002 §7). */
export const requiredTypes = (types: readonly PhotoType[]) => types.filter((t) => t.Obrigatorio);

const byType = (records: readonly PhotoRecord[]) => new Map(records.map((r) => [r.TipoFoto.Id, r] as const));

/** The photo status of a case from its reason's types and its uploads. */
export function photoStatus(types: readonly PhotoType[], records: readonly PhotoRecord[]): PhotoStatus {
  const req = requiredTypes(types);
  const got = byType(records);
  const uploaded = req.filter((t) => got.has(t.Id));
  if (req.length > 0 && uploaded.length === 0) return 'todas-pendente-upload';
  if ([...got.values()].some((r) => r.Foto.Aprovacao === false)) return 'alguma-reprovada';
  if (uploaded.length < req.length) return 'alguma-pendente-upload';
  if (uploaded.some((t) => got.get(t.Id)!.Foto.Aprovacao !== true)) return 'alguma-pendente-aprovacao';
  return 'todas-aprovadas';
}

/** 002 §4.4: pending upload (all or some) or rejected → the upload step; anything else → the case view. */
export function routeForPhotoStatus(status: string): 'upload' | 'view' {
  return status === 'todas-pendente-upload' || status === 'alguma-pendente-upload' || status === 'alguma-reprovada' ? 'upload' : 'view';
}

/** Types still to upload: required types without an upload, plus (re-sending) those rejected. */
export function pendingTypes(types: readonly PhotoType[], records: readonly PhotoRecord[]): PhotoType[] {
  const got = byType(records);
  return requiredTypes(types).filter((t) => {
    const r = got.get(t.Id);
    return !r || r.Foto.Aprovacao === false;
  });
}

/** Types whose upload was rejected ('Reenviar foto(s)' goes back to these only). */
export function rejectedTypes(types: readonly PhotoType[], records: readonly PhotoRecord[]): PhotoType[] {
  const got = byType(records);
  return types.filter((t) => got.get(t.Id)?.Foto.Aprovacao === false);
}

/** Resume: the first required type still missing (or rejected), or null when every one is in. */
export function firstMissingType(types: readonly PhotoType[], records: readonly PhotoRecord[]): PhotoType | null {
  return pendingTypes(types, records)[0] ?? null;
}

export type DocumentChip = 'Em análise' | 'Aprovada' | 'Reprovado';
/** 002 §4.5: Em análise (no flag), Aprovada (true), Reprovado (false). */
export function documentChip(aprovacao: boolean | null | undefined): DocumentChip {
  if (aprovacao === true) return 'Aprovada';
  if (aprovacao === false) return 'Reprovado';
  return 'Em análise';
}

/** What the file pickers accept (002 §5.2). */
export const BOLETIM_ACCEPT = 'application/pdf,.pdf';
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf';
export const PHOTO_CONTENT_TYPES: readonly UploadMime[] = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];

/** The real (first-bytes) types a step takes: the boletim a PDF, the others a photo or a PDF (002 §5.2). */
export const evidenceContentTypes = (typeId: string): readonly UploadMime[] =>
  isBoletimType(typeId) ? ['application/pdf'] : PHOTO_CONTENT_TYPES;

/**
 * The client-side check of a chosen file (002 §5.2): boletim PDF only and ≤ 5 MB; other types jpg, jpeg,
 * png, webp or pdf (PDFs ≤ 5 MB; images are resized before sending). `sniffed`, when given, is the type read from
 * the file's first bytes (null: none of those): a renamed file is refused before sending too. Returns the
 * message, or null.
 */
export function evidenceFileError(
  typeId: string,
  file: { type: string; name: string; size: number } | null | undefined,
  sniffed?: UploadMime | null,
): string | null {
  if (!file) return CLAIM_MSG.selectFile;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const isPdf = file.type === 'application/pdf' || ext === 'pdf';
  const wrongBytes = sniffed !== undefined && (sniffed === null || !evidenceContentTypes(typeId).includes(sniffed));
  if (isBoletimType(typeId)) {
    if (!isPdf || wrongBytes) return CLAIM_MSG.boletimPdfOnly;
    if (file.size > CLAIM_LIMITS.pdfMaxBytes) return CLAIM_MSG.fileTooLarge;
    return null;
  }
  const okType = (PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type) || ['jpg', 'jpeg', 'png', 'webp', 'pdf'].includes(ext);
  if (!okType || wrongBytes) return CLAIM_MSG.wrongFileType;
  if ((isPdf || sniffed === 'application/pdf') && file.size > CLAIM_LIMITS.pdfMaxBytes) return CLAIM_MSG.fileTooLarge;
  return null;
}

/** Scale (w, h) to fit 1500 px on the longer side, never enlarging (002 §5.2). */
export function fitWithin(width: number, height: number, max: number = CLAIM_LIMITS.imageMaxPx): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= max) return { width, height };
  const k = max / longer;
  return { width: Math.round(width * k), height: Math.round(height * k) };
}

export interface DuplicateInfo {
  caseNumber: string;
  /** 'dd/mm/yyyy' */
  date: string;
  /** 'hh:mm' */
  time: string;
}

const DUPLICATE = /Caso duplicado:\s*(\S+)\s+em\s+(\d{2}\/\d{2}\/\d{4})\s+às\s+(\d{2}:\d{2})/;

/** 'Caso duplicado: {n} em dd/mm/yyyy às hh:mm' → its parts; null when the text is not that message. */
export function parseDuplicateMessage(text: string | null | undefined): DuplicateInfo | null {
  const m = DUPLICATE.exec(text ?? '');
  return m ? { caseNumber: m[1]!, date: m[2]!, time: m[3]! } : null;
}
