import { zodResolver } from '@hookform/resolvers/zod';
import { NotificationPreferences } from '@guarita/domain';

/** The preferences form's checks (zod and the domain's schema): loaded the first time the form validates (ADR 025). */
export const preferencesResolver = zodResolver(NotificationPreferences);
