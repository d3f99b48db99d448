import type { AppConfig } from './config';
import type { Db } from './db/db';
import { RateLimiter } from './lib/rate-limit';
import { ChannelNotifier, HttpSmsNotifier, OutboxNotifier, SmtpNotifier, type Notifier } from './ports/notifier';
import { AuthRepository } from './modules/auth/repository';
import { AuthService } from './modules/auth/service';
import { TokenService } from './modules/auth/tokens';
import { CustomerRepository } from './modules/customers/repository';
import { ContractRepository } from './modules/contracts/repository';
import { ContractService } from './modules/contracts/service';
import { buildPayments, type PaymentPorts } from './modules/payments/wiring'; // payments (issue 3)
import { CaptchaService } from './modules/contact/captcha';
import { ContactService } from './modules/contact/service';
import { buildCases, type CasePorts } from './modules/cases/wiring'; // cases (issue 9)

export interface Ports extends PaymentPorts /* payments (issue 3) */, CasePorts /* cases (issue 9) */ {
  notifier?: Notifier;
}

/** Wires repositories, services and ports once per app instance. Tests pass their own ports. */
export function buildServices(db: Db, config: AppConfig, ports: Ports = {}) {
  const notifier = ports.notifier ?? defaultNotifier(db, config);
  const limiter = new RateLimiter(db, config.limits.windowSeconds);
  const tokens = new TokenService(config.authSecret, config.tokens.accessSeconds);
  const authRepo = new AuthRepository(db);
  const customers = new CustomerRepository(db);
  const contracts = new ContractService(new ContractRepository(db));
  return {
    db,
    config,
    notifier,
    limiter,
    tokens,
    authRepo,
    auth: new AuthService(authRepo, tokens, limiter, notifier, config),
    customers,
    contracts,
    payments: buildPayments(db, config, contracts, limiter, ports), // payments (issue 3)
    cases: buildCases(db, config, contracts, ports), // cases (issue 9)
    contact: new ContactService(new CaptchaService(db, config.altchaKey), notifier, limiter, config),
  };
}

export type Services = ReturnType<typeof buildServices>;

function defaultNotifier(db: Db, config: AppConfig): Notifier {
  const outbox = new OutboxNotifier(db);
  const { SMTP_URL, MAIL_FROM, SMS_PROVIDER_URL, SMS_PROVIDER_TOKEN } = config.env;
  const email = SMTP_URL ? new SmtpNotifier(SMTP_URL, MAIL_FROM) : config.demoMode ? outbox : null;
  const sms = SMS_PROVIDER_URL ? new HttpSmsNotifier(SMS_PROVIDER_URL, SMS_PROVIDER_TOKEN) : config.demoMode ? outbox : null;
  if (!email || !sms) throw new Error('Outside demo mode, SMTP_URL and SMS_PROVIDER_URL must be configured');
  return new ChannelNotifier({ email, sms });
}
