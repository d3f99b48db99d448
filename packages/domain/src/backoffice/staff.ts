import { z } from 'zod';
import { safeText } from '../bounds';

/** Staff roles (issue 13 §1): what each may do is checked on the server for every route (ADR 055). */
export const STAFF_ROLES = ['atendimento', 'sinistros', 'financeiro', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABEL: Record<StaffRole, string> = {
  atendimento: 'Atendimento',
  sinistros: 'Sinistros',
  financeiro: 'Financeiro',
  admin: 'Administração',
};

/** '1 segundo', '45 segundos', '2 minutos' (a minute or more is said in whole minutes, rounded up). */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}

/** The back office's pt-BR messages. */
export const STAFF_MSG = {
  email: 'Informe um e-mail válido.',
  password: 'Informe a senha.',
  code: 'Informe o código de 6 dígitos do aplicativo autenticador.',
  invalidLogin: 'E-mail, senha ou código inválidos.',
  codeReused: 'Este código já foi usado. Aguarde o próximo código do aplicativo autenticador.',
  locked: 'Conta bloqueada por excesso de tentativas. Tente novamente em 15 minutos.',
  /** The growing delay after wrong passwords from one address for one e-mail (ADR 055). */
  tryAgainIn: (seconds: number) => `Muitas tentativas. Tente novamente em ${waitText(seconds)}.`,
  sessionEnded: 'Sua sessão terminou. Entre novamente.',
  forbidden: 'Seu perfil não tem acesso a esta ação.',
  caseNotFound: 'Caso não encontrado.',
  phaseNotAllowed: (from: string, to: string) => `Não é possível mover o caso de ${from} para ${to}.`,
  unknownClaimPhase: 'Fase inválida: escolha uma das fases do sinistro.',
  caseClosed: 'Este caso está encerrado.',
  commentRequired: 'Escreva o comentário.',
  reasonRequired: 'Informe o motivo da reprovação.',
  photoNotFound: 'Foto não encontrada.',
  notAClaim: 'Este caso não é um sinistro.',
  notDecidable: 'Este caso não é uma solicitação que se aprova ou reprova.',
  alreadyDecided: 'Esta solicitação já foi decidida.',
  loggedOut: 'Você saiu do console.',
} as const;

export const staffEmailSchema = z
  .string({ error: STAFF_MSG.email })
  .trim()
  .toLowerCase()
  .max(254, STAFF_MSG.email)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, STAFF_MSG.email);

export const StaffLoginBody = z.object({
  email: staffEmailSchema,
  senha: z.string({ error: STAFF_MSG.password }).min(1, STAFF_MSG.password).max(200, STAFF_MSG.password),
  codigo: z
    .string({ error: STAFF_MSG.code })
    .trim()
    .regex(/^\d{6}$/, STAFF_MSG.code),
});
export type StaffLoginBody = z.infer<typeof StaffLoginBody>;

export const StaffMeDto = z
  .object({
    id: z.number().int(),
    email: z.string(),
    nome: z.string(),
    papel: z.enum(STAFF_ROLES),
    /** Seconds of inactivity after which the session ends. */
    inatividadeSegundos: z.number().int(),
  })
  .meta({ id: 'StaffMe' });
export type StaffMeDto = z.infer<typeof StaffMeDto>;

export const AuditRowDto = z.object({
  id: z.number().int(),
  quem: z.string(),
  papel: z.string(),
  acao: z.string(),
  caso: z.string().nullable(),
  cliente: z.number().int().nullable(),
  antes: z.unknown().nullable(),
  depois: z.unknown().nullable(),
  ip: z.string().nullable(),
  quando: z.string(),
});
export type AuditRowDto = z.infer<typeof AuditRowDto>;

export const AuditPageDto = z.object({ itens: z.array(AuditRowDto), proximo: z.string().nullable() });
export type AuditPageDto = z.infer<typeof AuditPageDto>;

/** A comment or note body typed by staff: `message` when it is missing or empty, the bounds' own for bad characters. */
export const staffTextSchema = (message: string, max = 4000) => safeText(max, { required: message, multiline: true }).min(1, message);
