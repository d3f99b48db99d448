import { isValidPixKey } from '@guarita/domain';
import type { AppConfig } from '../../config';
import type { StaticPixSettings } from '../../ports/pix-psp';

/** Demo-only values: a random (EVP) key nobody owns, so a demo Pix can never move real money to someone. */
export const DEMO_PIX = {
  key: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
  merchantName: 'Guarita Protecao Veicular',
  merchantCity: 'Belo Horizonte',
  webhookSecret: 'demo-only-pix-webhook-secret-0123456789',
} as const;

export interface PaymentsSettings {
  /** Null outside demo mode without PIX_KEY: Pix creation answers 503. */
  pix: StaticPixSettings | null;
  /** Null outside demo mode without PIX_WEBHOOK_SECRET: every webhook is refused. */
  webhookSecret: string | null;
  publicUrl: string;
  demoMode: boolean;
  /** Keys the idempotency request hashes (they may cover card data, so they are keyed, never plain). */
  hashSecret: string;
}

export function paymentsSettings(config: AppConfig): PaymentsSettings {
  const { env, demoMode } = config;
  const key = env.PIX_KEY ?? (demoMode ? DEMO_PIX.key : undefined);
  if (key !== undefined && !isValidPixKey(key))
    throw new Error('PIX_KEY is not a valid Pix key (CPF, CNPJ, e-mail, +55 mobile or random key)');
  return {
    pix: key
      ? {
          key,
          merchantName: env.PIX_MERCHANT_NAME ?? (demoMode ? DEMO_PIX.merchantName : env.BRAND_NAME),
          merchantCity: env.PIX_MERCHANT_CITY ?? DEMO_PIX.merchantCity,
        }
      : null,
    webhookSecret: env.PIX_WEBHOOK_SECRET ?? (demoMode ? DEMO_PIX.webhookSecret : null),
    publicUrl: env.PUBLIC_URL,
    demoMode,
    hashSecret: config.authSecret,
  };
}
