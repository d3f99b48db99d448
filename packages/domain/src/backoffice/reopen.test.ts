import { describe, expect, it } from 'vitest';
import { ReopenBody, REOPEN_MSG, reopenPhase } from './reopen';

const phase = (de: string, para: string) => ({ tipo: 'phase', de, para });

describe('reopening a closed case (issue 30 item 7, ADR 087)', () => {
  it('asks for a reason of 10 to 1000 characters, in pt-BR', () => {
    const msg = (v: unknown) => ReopenBody.safeParse(v).error?.issues[0]?.message;
    expect(msg({})).toBe(REOPEN_MSG.reasonRequired);
    expect(msg({ motivo: '   ' })).toBe(REOPEN_MSG.reasonRequired);
    expect(msg({ motivo: 'curto' })).toBe(REOPEN_MSG.reasonTooShort);
    expect(msg({ motivo: 'x'.repeat(1001) })).toMatch(/no máximo 1000 caracteres/);
    expect(msg({ motivo: 'a\u0000bcdefghijk' })).toBeDefined();
    expect(ReopenBody.parse({ motivo: '  O cliente pediu revisão  ' })).toEqual({ motivo: 'O cliente pediu revisão' });
  });

  it('a support case goes back to the phase it was in before Concluído', () => {
    expect(
      reopenPhase('suporte', 'Concluído', [
        phase('Aberto', 'Análise'),
        phase('Análise', 'Aguardando Cliente'),
        phase('Aguardando Cliente', 'Concluído'),
      ]),
    ).toBe('Aguardando Cliente');
    // a decided request (Aberto → Concluído)
    expect(reopenPhase('suporte', 'Concluído', [phase('Aberto', 'Concluído')])).toBe('Aberto');
  });

  it('a claim goes back to the phase before Finalização (the customer timeline steps back one step)', () => {
    const h = [phase('Aberto', 'Documentação'), phase('Regulação', 'Acompanhamento'), phase('Acompanhamento', 'Finalização')];
    expect(reopenPhase('colisao', 'Finalização', h)).toBe('Acompanhamento');
    expect(reopenPhase('vidros', 'Concluido', [phase('Confirmação', 'Concluido')])).toBe('Confirmação');
  });

  it('keeps an open phase, and falls back to Análise when the history does not say', () => {
    expect(reopenPhase('colisao', 'Regulação', [])).toBe('Regulação');
    expect(reopenPhase('colisao', 'Finalização', [])).toBe('Análise');
    expect(reopenPhase('suporte', 'Concluído', [phase('Fase do CRM', 'Concluído')])).toBe('Análise');
    // re-closed after a reopening: the latest move into the final phase counts
    expect(
      reopenPhase('colisao', 'Finalização', [phase('Indenização', 'Finalização'), phase('Aguardando Financeiro', 'Finalização')]),
    ).toBe('Aguardando Financeiro');
  });
});
