import { z } from 'zod';
import { formatMoney } from '../money';
import { DECISION_MSG, isDecisionComment } from '../backoffice/queue';
import { PHASE_DONE } from '../cases/cases';
import type { NotificationCategory } from './labels';

/**
 * Customer notifications (issue 13 §3, ADR 056): what happened, which channels it goes to given the customer's
 * choices, and its pt-BR texts (in-app title/body and the e-mail). Pure: the API's transactional outbox and the
 * web's list both read these.
 */
export const NOTIFICATION_TYPES = [
  'pagamento_confirmado',
  'pix_expirando',
  'caso_aberto',
  'comentario',
  'fase',
  'foto_reprovada',
  'solicitacao_aprovada',
  'solicitacao_reprovada',
  'rastreador_silencioso',
  'acesso_biometria',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The group whose e-mail switch governs a type; null: a security notice, always e-mailed (issue 31, ADR 089). */
export const CATEGORY_OF: Readonly<Record<NotificationType, NotificationCategory | null>> = {
  pagamento_confirmado: 'pagamentos',
  pix_expirando: 'pagamentos',
  caso_aberto: 'solicitacoes',
  comentario: 'solicitacoes',
  fase: 'solicitacoes',
  foto_reprovada: 'solicitacoes',
  solicitacao_aprovada: 'solicitacoes',
  solicitacao_reprovada: 'solicitacoes',
  rastreador_silencioso: 'rastreador',
  acesso_biometria: null,
};

export type NotificationChannel = 'inapp' | 'email';

/** The customer's channel choices: e-mail per group (default on). */
export const NotificationPreferences = z
  .object({
    email: z.object({
      pagamentos: z.boolean({ message: 'Escolha sim ou não.' }),
      solicitacoes: z.boolean({ message: 'Escolha sim ou não.' }),
      rastreador: z.boolean({ message: 'Escolha sim ou não.' }),
    }),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const DEFAULT_PREFERENCES: NotificationPreferences = { email: { pagamentos: true, solicitacoes: true, rastreador: true } };

/** In-app always (the list is the record of what happened); e-mail when the customer keeps it on for the group. */
export function channelsFor(type: NotificationType, prefs: NotificationPreferences = DEFAULT_PREFERENCES): NotificationChannel[] {
  const category = CATEGORY_OF[type];
  return category === null || prefs.email[category] ? ['inapp', 'email'] : ['inapp'];
}

/** Where a notification leads in the customer's app. */
export type NotificationTarget =
  | { kind: 'sinistro'; caseNumber: string; nCtrId: number }
  | { kind: 'suporte'; caseNumber: string; nCtrId: number }
  | { kind: 'pagamentos'; nCtrId: number }
  | { kind: 'mapa'; nCtrId: number }
  | { kind: 'cadastro' };

/** Everything that can happen to a customer, with the facts its texts need. */
export type NotificationEvent =
  | { type: 'pagamento_confirmado'; method: 'cartao' | 'pix' | 'pix_atrasado' | 'link'; amountCents: number; nCtrId: number }
  | { type: 'pix_expirando'; amountCents: number; nCtrId: number; expiresAt: string }
  | { type: 'caso_aberto'; caseNumber: string; subject: string; claim: boolean; nCtrId: number }
  | { type: 'comentario'; caseNumber: string; subject: string; claim: boolean; nCtrId: number; text: string }
  | { type: 'fase'; caseNumber: string; subject: string; claim: boolean; nCtrId: number; phase: string }
  | { type: 'foto_reprovada'; caseNumber: string; nCtrId: number; photo: string; reason: string }
  | { type: 'solicitacao_aprovada'; caseNumber: string; subject: string; claim: boolean; nCtrId: number; text?: string }
  | { type: 'solicitacao_reprovada'; caseNumber: string; subject: string; claim: boolean; nCtrId: number; text?: string }
  | { type: 'rastreador_silencioso'; nCtrId: number; plate: string | null; lastSeenAt: string }
  | { type: 'acesso_biometria'; action: 'cadastrada' | 'removida'; device: string };

export function targetOf(e: NotificationEvent): NotificationTarget {
  switch (e.type) {
    case 'pagamento_confirmado':
    case 'pix_expirando':
      return { kind: 'pagamentos', nCtrId: e.nCtrId };
    case 'rastreador_silencioso':
      return { kind: 'mapa', nCtrId: e.nCtrId };
    case 'acesso_biometria':
      return { kind: 'cadastro' };
    case 'foto_reprovada':
      return { kind: 'sinistro', caseNumber: e.caseNumber, nCtrId: e.nCtrId };
    default:
      return { kind: e.claim ? 'sinistro' : 'suporte', caseNumber: e.caseNumber, nCtrId: e.nCtrId };
  }
}

const METHOD_LABEL = {
  cartao: 'cartão de crédito',
  pix: 'Pix',
  pix_atrasado: 'Pix (recebido após o vencimento)',
  link: 'link de pagamento',
};

const saoPauloTime = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
const saoPauloDateTime = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

/** The case with its article: a claim is "seu sinistro" (its subject is "Sinistro" again), a request names its subject. */
const what = (e: { subject: string; claim: boolean }) => (e.claim ? 'seu sinistro' : `sua solicitação (${e.subject})`);
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** A reason as staff typed it, as one sentence: a full stop added unless it already ends with one (or ? ! …). */
const sentence = (s: string) => {
  const t = s.trim();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
};

/** The in-app title and body (also the e-mail's subject and first paragraph). */
export function notificationText(e: NotificationEvent): { title: string; body: string } {
  switch (e.type) {
    case 'pagamento_confirmado':
      return {
        title: 'Pagamento confirmado',
        body: `Recebemos seu pagamento de ${formatMoney(e.amountCents)} por ${METHOD_LABEL[e.method]} (contrato ${e.nCtrId}).`,
      };
    case 'pix_expirando':
      return {
        title: 'Seu Pix está perto de vencer',
        body: `O Pix de ${formatMoney(e.amountCents)} do contrato ${e.nCtrId} vence às ${saoPauloTime(e.expiresAt)}. Pague antes para não precisar gerar outro.`,
      };
    case 'caso_aberto':
      return {
        title: `Protocolo ${e.caseNumber} aberto`,
        body: `Recebemos ${what(e)}. Acompanhe o andamento pelo protocolo ${e.caseNumber}.`,
      };
    case 'comentario':
      return { title: `Novo comentário no protocolo ${e.caseNumber}`, body: e.text };
    case 'fase':
      return { title: `Protocolo ${e.caseNumber}: ${e.phase}`, body: `${capitalized(what(e))} avançou para a etapa ${e.phase}.` };
    case 'foto_reprovada':
      return {
        title: `Foto reprovada no sinistro ${e.caseNumber}`,
        body: `A foto "${e.photo}" foi reprovada. Motivo: ${sentence(e.reason)} Envie uma nova foto pelo acompanhamento do sinistro.`,
      };
    case 'solicitacao_aprovada':
      return { title: `Solicitação ${e.caseNumber} aprovada`, body: e.text ?? DECISION_MSG.approved };
    case 'solicitacao_reprovada':
      return {
        title: `Solicitação ${e.caseNumber} reprovada`,
        body: e.text ?? 'Sua solicitação foi reprovada. Veja o motivo no protocolo.',
      };
    case 'rastreador_silencioso':
      return {
        title: 'Rastreador sem sinal há 24 horas',
        body: `O rastreador ${e.plate ? `do veículo ${e.plate} ` : ''}(contrato ${e.nCtrId}) não envia posição desde ${saoPauloDateTime(e.lastSeenAt)}. Se o veículo não está parado em garagem subterrânea, fale com o suporte.`,
      };
    case 'acesso_biometria':
      return e.action === 'cadastrada'
        ? {
            title: 'Biometria ativada para entrar',
            body: `Um novo acesso por biometria foi cadastrado na sua conta (${e.device}). Se não foi você, remova-o em Meu Cadastro e fale com o suporte.`,
          }
        : {
            title: 'Biometria removida',
            body: `O acesso por biometria "${e.device}" foi removido da sua conta e não entra mais.`,
          };
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** The e-mail (text and HTML) for a notification; `link` is the absolute URL of the place it leads to. */
export function notificationEmail(
  n: { title: string; body: string },
  to: { name: string },
  link: string,
): { subject: string; text: string; html: string } {
  const first = to.name.trim().split(/\s+/)[0] ?? '';
  const hello = first ? `Olá, ${first}!` : 'Olá!';
  const footer = 'Você recebe este e-mail porque escolheu ser avisado por e-mail. Mude suas preferências em Notificações, no portal.';
  return {
    subject: `Guarita: ${n.title}`,
    text: `${hello}\n\n${n.body}\n\nVer no portal: ${link}\n\n${footer}`,
    html:
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(n.body)}</p>` +
      `<p><a href="${escapeHtml(link)}">Ver no portal</a></p><p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
  };
}

/** A case event as the case system writes it (case_events), with the case's facts. */
export interface CaseEventFacts {
  eventId: number;
  caseId: string;
  caseNumber: string;
  subject: string;
  nCtrId: number;
  kind: string;
  to: string | null;
  actor: 'customer' | 'staff' | 'system';
  /** the comment's text (kind 'comment') */
  text?: string;
}

/** The idempotency key of a case's conclusion: a decision and the phase Concluído written with it make one notification. */
export const conclusionKey = (caseId: string) => `caso:${caseId}:conclusao`;

/**
 * Which notification a case event makes, and its idempotency key (null: none). The customer's own acts (comments,
 * attachments) notify nothing; creation does (confirmation of the protocol). A staff approval/rejection (the
 * `decision` event, or the decision comment of the registration approval path) and the phase Concluído written
 * with it share `conclusionKey`, so the customer gets one notification for it, the decision's: `precedence` says
 * which text wins whatever the order they are written in (phase 0 < decision event 1 < decision comment, which
 * carries the reason, 2).
 */
export function caseEventNotification(f: CaseEventFacts): { key: string; event: NotificationEvent; precedence: number } | null {
  const base = { caseNumber: f.caseNumber, subject: f.subject, claim: f.subject === 'Sinistro', nCtrId: f.nCtrId };
  if (f.kind === 'created') return { key: `caso:${f.caseId}:aberto`, event: { type: 'caso_aberto', ...base }, precedence: 0 };
  if (f.actor === 'customer') return null;
  if (f.kind === 'decision') {
    const type = f.to === 'reprovado' ? 'solicitacao_reprovada' : 'solicitacao_aprovada';
    return { key: conclusionKey(f.caseId), event: { type, ...base }, precedence: 1 };
  }
  if (f.kind === 'comment') {
    const text = f.text ?? '';
    // Any approval's comment (registration, due date, plan, vehicle) or a rejection's, which carries the reason.
    const decided = isDecisionComment(text);
    if (decided)
      return {
        key: conclusionKey(f.caseId),
        event: { type: decided === 'aprovado' ? 'solicitacao_aprovada' : 'solicitacao_reprovada', ...base, text },
        precedence: 2,
      };
    return { key: `caso-evento:${f.eventId}`, event: { type: 'comentario', ...base, text }, precedence: 0 };
  }
  if (f.kind === 'phase' && f.to) {
    const key = f.to === PHASE_DONE ? conclusionKey(f.caseId) : `caso-evento:${f.eventId}`;
    return { key, event: { type: 'fase', ...base, phase: f.to }, precedence: 0 };
  }
  return null;
}

/** How long before a Pix expires the customer is warned, and how long a tracker may be silent. */
export const PIX_EXPIRING_WARNING_MINUTES = 60;
export const TRACKER_SILENT_HOURS = 24;

/** Retry schedule of a failed delivery: 1 min, 2, 4 … capped at 1 h; given up after MAX_DELIVERY_ATTEMPTS. */
export const MAX_DELIVERY_ATTEMPTS = 8;
export function retryDelaySeconds(attempts: number, baseSeconds = 60): number {
  return Math.min(3600, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

// ── API DTOs ─────────────────────────────────────────────────────────────────────────────────

export const NotificationDto = z
  .object({
    id: z.number().int(),
    tipo: z.enum(NOTIFICATION_TYPES),
    titulo: z.string(),
    texto: z.string(),
    lida: z.boolean(),
    CreatedDate: z.string(),
    destino: z.enum(['sinistro', 'suporte', 'pagamentos', 'mapa', 'cadastro']),
    nCtrId: z.number().int().nullable(),
    caseNumber: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type NotificationDto = z.infer<typeof NotificationDto>;

export const NotificationPageDto = z
  .object({ itens: z.array(NotificationDto), proximo: z.number().int().nullable() })
  .meta({ id: 'NotificationPage' });
export type NotificationPageDto = z.infer<typeof NotificationPageDto>;

export const NotificationListQuery = z.object({
  /** keyset: the last id of the previous page */
  antes: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limite: z.coerce.number().int().min(1).max(50).default(20),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const UnreadCountDto = z.object({ naoLidas: z.number().int() }).meta({ id: 'UnreadCount' });
export type UnreadCountDto = z.infer<typeof UnreadCountDto>;

/** The customer's page a notification leads to (the web's route table, 000 §2 / 002 §2). */
export function notificationPath(n: Pick<NotificationDto, 'destino' | 'nCtrId' | 'caseNumber'>): string {
  switch (n.destino) {
    case 'sinistro':
      return n.caseNumber ? `/sinistros/consulta/${n.caseNumber}` : `/sinistros/${n.nCtrId}`;
    case 'suporte':
      return `/suporte/${n.nCtrId}`;
    case 'pagamentos':
      return `/pagamentos/${n.nCtrId}`;
    case 'mapa':
      return '/mapa';
    case 'cadastro':
      return '/cadastro';
  }
}
