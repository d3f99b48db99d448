/**
 * The notifications' groups, their labels and messages. Their own module, without zod: the notifications page's
 * preferences form shows them on its first screen, and importing them from notifications.ts brought zod (25 KB
 * gzip) with it (ADR 025, as `bell.ts`).
 */

/** What the customer chooses e-mail for: one switch per group (the in-app list always keeps every notification). */
export const NOTIFICATION_CATEGORIES = ['pagamentos', 'solicitacoes', 'rastreador'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const CATEGORY_LABEL: Readonly<Record<NotificationCategory, string>> = {
  pagamentos: 'Pagamentos (confirmações e Pix a vencer)',
  solicitacoes: 'Solicitações e sinistros (andamento, comentários, fotos)',
  rastreador: 'Rastreador sem sinal',
};

export const NOTIFICATION_MSG = {
  notFound: 'Notificação não encontrada.',
  empty: 'Nenhuma notificação por enquanto.',
  saved: 'Preferências salvas.',
} as const;
