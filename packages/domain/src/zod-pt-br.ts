import type { $ZodRawIssue } from 'zod/v4/core';

/**
 * zod's own messages in Brazilian Portuguese (issue 30 item 6). zod 4 ships a `pt` locale that is European
 * ('Entrada inválida: esperava um número, recebeu…', 'Demasiado pequeno…', 'ficheiro', 'registo'), and its default
 * is English: a schema without its own message would show either. The API (`z.config` in app.ts) and the web app
 * (lib/zod-config.ts) both use this map, so any message zod writes itself reads as the rest of the screens do.
 * Our schemas still carry the spec's own messages; these are the fallback for what they do not name.
 *
 * No zod import at run time (types only): the web app sets it before zod loads, on the first screen (ADR 025).
 */

const EXPECTED: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  bigint: 'um número inteiro',
  boolean: 'sim ou não',
  date: 'uma data',
  array: 'uma lista',
  object: 'os dados do formulário',
  file: 'um arquivo',
};

const FORMAT: Record<string, string> = {
  email: 'Informe um e-mail válido.',
  url: 'Informe um endereço (URL) válido.',
  datetime: 'Informe uma data e hora válidas.',
  date: 'Informe uma data válida.',
  time: 'Informe um horário válido.',
};

const n = (v: number | bigint) => v.toString();

/** The pt-BR message zod writes for an issue its schema gave no message for. */
export function zodPtBrMessage(issue: $ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Preencha este campo.';
      return `Valor inválido: informe ${EXPECTED[issue.expected] ?? 'um valor válido'}.`;
    case 'invalid_value':
      return 'Escolha uma das opções disponíveis.';
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string') return Number(min) <= 1 ? 'Preencha este campo.' : `Use pelo menos ${n(min)} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Escolha pelo menos ${n(min)} ${Number(min) === 1 ? 'item' : 'itens'}.`;
      if (issue.origin === 'file') return 'O arquivo está vazio.';
      return issue.inclusive ? `Informe um valor a partir de ${n(min)}.` : `Informe um valor maior que ${n(min)}.`;
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return `Use no máximo ${n(max)} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Escolha no máximo ${n(max)} ${Number(max) === 1 ? 'item' : 'itens'}.`;
      if (issue.origin === 'file') return 'O arquivo é grande demais.';
      return issue.inclusive ? `Informe um valor até ${n(max)}.` : `Informe um valor menor que ${n(max)}.`;
    }
    case 'invalid_format':
      return FORMAT[issue.format] ?? 'Formato inválido.';
    case 'not_multiple_of':
      return `Informe um múltiplo de ${n(issue.divisor)}.`;
    case 'unrecognized_keys':
      return issue.keys.length > 1
        ? `Campos não reconhecidos: ${issue.keys.join(', ')}.`
        : `Campo não reconhecido: ${issue.keys.join('')}.`;
    default:
      return 'Valor inválido.';
  }
}

/** The value for `z.config(...)` (API) or zod's global config (web): `{ localeError }`. */
export const zodPtBr = () => ({ localeError: zodPtBrMessage });

/** Texts of zod's European-Portuguese and English defaults: none may reach a screen (the tests look for them). */
export const ZOD_FOREIGN_DEFAULTS = /Entrada inválida|Demasiado|esperava|recebeu|ficheiro|registo|Invalid input|Too (small|big)|Expected /;
