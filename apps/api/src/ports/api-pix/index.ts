import { missingApiPixSettings, type AppConfig } from '../../config';
import type { Database } from '../../db/db';
import { StaticBrCodePixPsp, pixReceiver, type PixPsp } from '../pix-psp';
import { ApiPixPsp } from './adapter';
import { ApiPixClient, pemFromConfig } from './client';

export { ApiPixPsp, type ApiPixSettings } from './adapter';
export { ApiPixClient, pemFromConfig, type ApiPixClientOptions, type ApiPixResponse, type MtlsMaterial } from './client';

/**
 * The Pix PSP the configuration names (PIX_PSP, ADR 076): the static BR Code sandbox (default; null without a receiver
 * key outside demo mode) or the API Pix adapter, whose client's connections are closed through `onClose`. PIX_PSP=api-pix
 * without its settings is refused in every mode (production names them at start, config.ts).
 */
export function pixPspFromConfig(config: AppConfig, db: Database, onClose: (close: () => Promise<void>) => void): PixPsp | null {
  const receiver = pixReceiver(config);
  const { env } = config;
  if (env.PIX_PSP !== 'api-pix') return receiver ? new StaticBrCodePixPsp(receiver, db, { canRefund: config.demoMode }) : null;
  const missing = missingApiPixSettings(env);
  if (missing.length || !receiver) throw new Error(`PIX_PSP=api-pix requires ${missing.join(', ')}`);
  const client = new ApiPixClient({
    baseUrl: env.PIX_API_URL!,
    ...(env.PIX_TOKEN_URL ? { tokenUrl: env.PIX_TOKEN_URL } : {}),
    clientId: env.PIX_CLIENT_ID!,
    clientSecret: env.PIX_CLIENT_SECRET!,
    tls: {
      cert: pemFromConfig(env.PIX_CERT!),
      key: pemFromConfig(env.PIX_CERT_KEY!),
      ...(env.PIX_CA ? { ca: pemFromConfig(env.PIX_CA) } : {}),
    },
  });
  onClose(() => client.close());
  return new ApiPixPsp(client, { receiverKey: receiver.key, merchantName: receiver.merchantName, merchantCity: receiver.merchantCity });
}
