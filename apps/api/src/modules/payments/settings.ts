import type { AppConfig } from '../../config';
import { DEMO_PIX } from '../../ports/pix-psp';

export { DEMO_PIX };

/** The payments module's own settings, read from configuration once at registration. */
export interface PaymentsSettings {
  /** Null outside demo mode without PIX_WEBHOOK_SECRET: every webhook is refused. */
  webhookSecret: string | null;
  publicUrl: string;
  demoMode: boolean;
  /** Keys the idempotency request hashes (they may cover card data, so they are keyed, never plain). */
  hashSecret: Buffer;
}

export function paymentsSettings(config: AppConfig): PaymentsSettings {
  const { env, demoMode } = config;
  return {
    webhookSecret: env.PIX_WEBHOOK_SECRET ?? (demoMode ? DEMO_PIX.webhookSecret : null),
    publicUrl: env.PUBLIC_URL,
    demoMode,
    hashSecret: config.keys.key('idempotency'),
  };
}
