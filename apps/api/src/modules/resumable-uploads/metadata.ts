import type { Destino, UploadFields } from '@guarita/domain';

export { UPLOAD_MSG, type Destino, type UploadFields } from '@guarita/domain';

/** The fields of an upload row (destino column + metadata jsonb, which PGlite may hand back as text). */
export function metadataOfRow(destino: Destino, metadata: unknown): UploadFields {
  const m = (typeof metadata === 'string' ? JSON.parse(metadata) : metadata) as Record<string, unknown>;
  return destino === 'foto-sinistro' ? { destino, caso: String(m.caso), tipo: String(m.tipo) } : { destino, contrato: Number(m.contrato) };
}

/** Upload-Metadata as tus answers it on HEAD (values as text). */
export function tusMetadata(f: UploadFields): Record<string, string> {
  return f.destino === 'foto-sinistro'
    ? { destino: f.destino, caso: f.caso, tipo: f.tipo }
    : { destino: f.destino, contrato: String(f.contrato) };
}
