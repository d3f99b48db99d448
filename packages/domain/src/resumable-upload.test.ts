import { describe, expect, it } from 'vitest';
import { UPLOAD_MSG, uploadFields } from './resumable-upload';

describe('uploadFields (tus Upload-Metadata, ADR 092)', () => {
  it('keeps the fields of the destination and nothing else', () => {
    expect(uploadFields({ destino: 'foto-sinistro', caso: '2026-000123', tipo: 'frente', filename: 'a.jpg' })).toEqual({
      fields: { destino: 'foto-sinistro', caso: '2026-000123', tipo: 'frente' },
    });
    expect(uploadFields({ destino: 'anexo', contrato: '100101', filetype: 'image/jpeg' })).toEqual({
      fields: { destino: 'anexo', contrato: 100101 },
    });
  });

  it('refuses an unknown destination, missing or malformed fields, with a pt-BR reason', () => {
    expect(uploadFields({})).toEqual({ error: UPLOAD_MSG.badDestino });
    expect(uploadFields({ destino: 'outro' })).toEqual({ error: UPLOAD_MSG.badDestino });
    for (const raw of [
      { destino: 'foto-sinistro', caso: '2026-000123' },
      { destino: 'foto-sinistro', caso: 'x', tipo: 'frente' },
      { destino: 'foto-sinistro', caso: '2026-000123', tipo: 'Frente/../' },
      { destino: 'anexo' },
      { destino: 'anexo', contrato: '0' },
      { destino: 'anexo', contrato: '1e5' },
      { destino: 'anexo', contrato: '99999999999' },
      { destino: 'anexo', contrato: null },
    ]) {
      expect(uploadFields(raw), JSON.stringify(raw)).toEqual({ error: UPLOAD_MSG.badFields });
    }
  });
});
