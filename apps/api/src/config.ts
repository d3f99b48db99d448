import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DEMO_MODE: bool.optional(),
  /** Signs JWTs and keys the one-time-code hashes. Demo mode derives a per-install secret when unset. */
  AUTH_SECRET: z.string().min(32).optional(),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  TRUST_PROXY: bool.default(false),
  /** Multiplies every abuse limit; only for test servers that log the same demo customer in many times. */
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  // Notifier adapters
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Guarita <nao-responda@guarita.example>'),
  SMS_PROVIDER_URL: z.string().url().optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  CONTACT_INBOX: z.string().default('contato@guarita.example'),
  ALTCHA_HMAC_KEY: z.string().optional(),
  // Brand and contact facts shown in the UI (spec placeholders {product}, {phone}, {email}).
  BRAND_NAME: z.string().default('Guarita'),
  PHONE_SALES: z.string().default('0800 000 1010'),
  PHONE_THEFT: z.string().default('0800 000 1190'),
  PHONE_ASSISTANCE: z.string().default('0800 000 2424'),
  SUPPORT_PHONE: z.string().default('4000 1762'),
  SUPPORT_EMAIL: z.string().default('atendimento@guarita.example'),
  COMPANY_ADDRESS: z.string().default('Av. Afonso Pena, 1500 — Centro, Belo Horizonte/MG, 30130-005'),
  // Payments (issue 3): Pix receiver and PSP webhook secret. Demo mode falls back to demo values
  // (modules/payments/settings.ts); outside it, no PIX_KEY = no Pix, no secret = every webhook refused.
  PIX_KEY: z.string().optional(),
  PIX_MERCHANT_NAME: z.string().optional(),
  PIX_MERCHANT_CITY: z.string().optional(),
  PIX_WEBHOOK_SECRET: z.string().min(16).optional(),
  // Support cases (issue 9): where attachments live (default DATA_DIR/uploads) and the per-customer quota.
  UPLOADS_DIR: z.string().optional(),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(100_000).default(50),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env;
  production: boolean;
  demoMode: boolean;
  authSecret: string;
  altchaKey: string;
  /** Limits on login abuse; tests shrink them. */
  limits: {
    windowSeconds: number;
    lookupsPerIp: number;
    codeRequestsPerDocument: number;
    codeRequestsPerIp: number;
    verifyPerDocument: number;
    verifyPerIp: number;
    wrongTriesPerCode: number;
    contactPerIp: number;
  };
  tokens: { accessSeconds: number; refreshAbsoluteSeconds: number; codeSeconds: number };
  brand: {
    name: string;
    phoneSales: string;
    phoneTheft: string;
    phoneAssistance: string;
    supportPhone: string;
    supportEmail: string;
    address: string;
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const env = EnvSchema.parse(source);
  const production = env.NODE_ENV === 'production';
  const demoMode = env.DEMO_MODE ?? !production;
  if (!env.AUTH_SECRET && !demoMode) throw new Error('AUTH_SECRET (≥ 32 characters) is required outside demo mode');
  const f = env.RATE_LIMIT_FACTOR;
  const base: AppConfig = {
    env,
    production,
    demoMode,
    // Demo installs get a fixed, clearly non-production secret so tokens survive restarts.
    authSecret: env.AUTH_SECRET ?? 'demo-only-secret-never-use-in-production-0123456789',
    altchaKey: env.ALTCHA_HMAC_KEY ?? env.AUTH_SECRET ?? 'demo-only-altcha-key-0123456789abcdef',
    limits: {
      windowSeconds: 15 * 60,
      lookupsPerIp: 60 * f,
      codeRequestsPerDocument: 5 * f,
      codeRequestsPerIp: 30 * f,
      verifyPerDocument: 15 * f,
      verifyPerIp: 60 * f,
      wrongTriesPerCode: 5,
      contactPerIp: 10 * f,
    },
    tokens: { accessSeconds: 15 * 60, refreshAbsoluteSeconds: 30 * 24 * 3600, codeSeconds: 10 * 60 },
    brand: {
      name: env.BRAND_NAME,
      phoneSales: env.PHONE_SALES,
      phoneTheft: env.PHONE_THEFT,
      phoneAssistance: env.PHONE_ASSISTANCE,
      supportPhone: env.SUPPORT_PHONE,
      supportEmail: env.SUPPORT_EMAIL,
      address: env.COMPANY_ADDRESS,
    },
  };
  return { ...base, ...overrides, limits: { ...base.limits, ...overrides.limits }, tokens: { ...base.tokens, ...overrides.tokens } };
}
