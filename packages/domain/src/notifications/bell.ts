/**
 * The bell's accessible name. Its own module, without zod: the bell is in every customer page's header, and
 * importing it from notifications.ts brought zod (25 KB gzip) into every first visit (ADR 025).
 */
export const bellLabel = (unread: number) => `Notificações, ${unread} não lida${unread === 1 ? '' : 's'}`;
