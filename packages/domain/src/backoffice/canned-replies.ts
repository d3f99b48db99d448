import { z } from 'zod';
import { REQUEST_TYPES, REQUEST_TYPE_INFO } from '../cases/cases';
import { safeText } from '../bounds';
import { staffTextSchema } from './staff';

/**
 * Canned replies (issue 30 item 16): texts the desk picks in the comment form, per case type, with placeholders the
 * console fills in before staff edit and send. `geral` replies are offered for every case.
 */
export const CANNED_REPLY_TYPES = ['geral', ...REQUEST_TYPES, 'sinistro'] as const;
export type CannedReplyType = (typeof CANNED_REPLY_TYPES)[number];

export const CANNED_REPLY_TYPE_LABEL: Record<CannedReplyType, string> = {
  geral: 'Todos os casos',
  ...(Object.fromEntries(REQUEST_TYPES.map((t) => [t, REQUEST_TYPE_INFO[t].label])) as Record<(typeof REQUEST_TYPES)[number], string>),
  sinistro: 'Sinistro',
};

/** The placeholders a reply may use, and what each becomes. */
export const CANNED_PLACEHOLDERS = {
  nome: 'o primeiro nome do cliente',
  protocolo: 'o número do caso',
  contrato: 'o número do contrato',
} as const;
export type CannedPlaceholder = keyof typeof CANNED_PLACEHOLDERS;

export const CANNED_MSG = {
  titleRequired: 'Informe o título da resposta.',
  textRequired: 'Escreva o texto da resposta.',
  typeRequired: 'Escolha o tipo de caso.',
  notFound: 'Resposta pronta não encontrada.',
  unresolved: (names: string[]) =>
    `Complete antes de enviar: ${names.map((n) => `{${n}}`).join(', ')} ${names.length === 1 ? 'não foi preenchido' : 'não foram preenchidos'}.`,
} as const;

/** 'MARIA  da silva' → 'Maria'; an empty name stays empty. */
export function firstName(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  return first ? first.charAt(0).toLocaleUpperCase('pt-BR') + first.slice(1).toLocaleLowerCase('pt-BR') : '';
}

export interface PlaceholderValues {
  /** The customer's full name (the reply uses the first name). */
  nome?: string | null;
  protocolo?: string | null;
  contrato?: string | number | null;
}

export interface ResolvedReply {
  texto: string;
  /** Placeholders left in the text as typed: unknown names, or known ones without a value. Staff must edit them. */
  pendentes: string[];
}

const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g;

/**
 * Fills `{nome}`, `{protocolo}` and `{contrato}` (names are case-insensitive). An unknown placeholder, or a known one
 * with no value, stays visible in the text (`{assim}`) and is listed in `pendentes`, so staff see what to complete.
 */
export function resolvePlaceholders(template: string, values: PlaceholderValues): ResolvedReply {
  const pendentes: string[] = [];
  const known: Record<CannedPlaceholder, string> = {
    nome: firstName(values.nome ?? ''),
    protocolo: (values.protocolo ?? '').trim(),
    contrato: values.contrato === null || values.contrato === undefined ? '' : String(values.contrato).trim(),
  };
  const texto = template.replace(PLACEHOLDER, (whole, raw: string) => {
    const name = raw.toLowerCase();
    const value = name in known ? known[name as CannedPlaceholder] : '';
    if (value) return value;
    if (!pendentes.includes(raw)) pendentes.push(raw);
    return whole;
  });
  return { texto, pendentes };
}

/** The placeholders still in a text (the comment form refuses to send one). */
export const pendingPlaceholders = (text: string): string[] => [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];

export const CannedReplyBody = z.object({
  tipo: z.enum(CANNED_REPLY_TYPES, { error: CANNED_MSG.typeRequired }),
  titulo: safeText(80, { required: CANNED_MSG.titleRequired }).trim().min(1, CANNED_MSG.titleRequired),
  texto: staffTextSchema(CANNED_MSG.textRequired, 2000).refine((v) => v.trim().length > 0, CANNED_MSG.textRequired),
});
export type CannedReplyBody = z.infer<typeof CannedReplyBody>;

export const CannedReplyUpdateBody = CannedReplyBody.extend({ ativo: z.boolean() });
export type CannedReplyUpdateBody = z.infer<typeof CannedReplyUpdateBody>;

export const CannedReplyDto = z
  .object({
    id: z.number().int(),
    tipo: z.enum(CANNED_REPLY_TYPES),
    titulo: z.string(),
    texto: z.string(),
    ativo: z.boolean(),
    atualizadoEm: z.string(),
  })
  .meta({ id: 'CannedReply' });
export type CannedReplyDto = z.infer<typeof CannedReplyDto>;

export const CannedReplyListDto = z.object({ respostas: z.array(CannedReplyDto) }).meta({ id: 'CannedReplyList' });
export type CannedReplyListDto = z.infer<typeof CannedReplyListDto>;

/** The canned-reply type of a case: its request type (claims: 'sinistro'), or null for a type no reply targets. */
export const cannedTypeOf = (requestType: string): CannedReplyType | null =>
  (CANNED_REPLY_TYPES as readonly string[]).includes(requestType) && requestType !== 'geral' ? (requestType as CannedReplyType) : null;
