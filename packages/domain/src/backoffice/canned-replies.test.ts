import { describe, expect, it } from 'vitest';
import { CannedReplyBody, cannedTypeOf, firstName, pendingPlaceholders, resolvePlaceholders } from './canned-replies';

describe('canned replies: placeholders', () => {
  const values = { nome: 'MARIA  das Graças Silva', protocolo: '2026-000123', contrato: 100101 };

  it('fills {nome} with the first name, {protocolo} and {contrato}, and flags nothing', () => {
    expect(resolvePlaceholders('Olá, {nome}! Seu caso {protocolo} (contrato {contrato}) foi atualizado.', values)).toEqual({
      texto: 'Olá, Maria! Seu caso 2026-000123 (contrato 100101) foi atualizado.',
      pendentes: [],
    });
  });

  it('reads the names case-insensitively and fills every occurrence', () => {
    expect(resolvePlaceholders('{NOME}, {Nome} — {protocolo}/{protocolo}', values).texto).toBe('Maria, Maria — 2026-000123/2026-000123');
  });

  it('leaves an unknown placeholder visible and flags it once', () => {
    expect(resolvePlaceholders('Olá {nome}, sua placa {placa} e {placa} e {data_visita}.', values)).toEqual({
      texto: 'Olá Maria, sua placa {placa} e {placa} e {data_visita}.',
      pendentes: ['placa', 'data_visita'],
    });
  });

  it('leaves a known placeholder without a value visible and flags it', () => {
    expect(resolvePlaceholders('Olá {nome}, contrato {contrato}.', { nome: '  ', protocolo: '2026-000001', contrato: null })).toEqual({
      texto: 'Olá {nome}, contrato {contrato}.',
      pendentes: ['nome', 'contrato'],
    });
  });

  it('does not treat braces with spaces, empty braces or lone braces as placeholders', () => {
    const text = 'Use { nome } ou {} ou {nome ou nome}.';
    expect(resolvePlaceholders(text, values)).toEqual({ texto: text, pendentes: [] });
  });

  it('finds the placeholders left in an edited text', () => {
    expect(pendingPlaceholders('Olá Maria, {placa} e {placa}, {data}')).toEqual(['placa', 'data']);
    expect(pendingPlaceholders('Nada a completar.')).toEqual([]);
  });

  it('takes the first name in pt-BR casing', () => {
    expect(firstName('ÉRICA SOUZA')).toBe('Érica');
    expect(firstName('joão')).toBe('João');
    expect(firstName('')).toBe('');
  });
});

describe('canned replies: types and the admin form', () => {
  it('maps a case to its reply type', () => {
    expect(cannedTypeOf('cancelamento')).toBe('cancelamento');
    expect(cannedTypeOf('sinistro')).toBe('sinistro');
    expect(cannedTypeOf('geral')).toBeNull();
    expect(cannedTypeOf('outra-coisa')).toBeNull();
  });

  it('validates the form with pt-BR messages', () => {
    const r = CannedReplyBody.safeParse({ tipo: 'x', titulo: '  ', texto: '' });
    expect(r.success).toBe(false);
    expect([...new Set(r.error?.issues.map((i) => i.message))].sort()).toEqual(
      ['Escolha o tipo de caso.', 'Escreva o texto da resposta.', 'Informe o título da resposta.'].sort(),
    );
    expect(CannedReplyBody.parse({ tipo: 'geral', titulo: ' Boas-vindas ', texto: 'Olá {nome}' })).toEqual({
      tipo: 'geral',
      titulo: 'Boas-vindas',
      texto: 'Olá {nome}',
    });
  });
});
