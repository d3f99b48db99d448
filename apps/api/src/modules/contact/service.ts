import { MSG, type ContactMessage } from '@guarita/domain';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import type { Notifier } from '../../ports/notifier';
import type { CaptchaService } from './captcha';
import { buildContactEmail } from './email';

/** "Fale conosco": a verified human's message goes to the contact inbox by e-mail. */
export class ContactService {
  constructor(
    readonly captcha: CaptchaService,
    private readonly notifier: Notifier,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
  ) {}

  /** Counts every attempt from an IP, valid or not, against config.limits.contactPerIp. */
  hit(ip: string): Promise<void> {
    return this.limiter.hit(`contact:ip:${ip}`, this.config.limits.contactPerIp);
  }

  async send(message: ContactMessage, altcha: string): Promise<void> {
    await this.captcha.verifyOnce(altcha);
    const mail = buildContactEmail(message);
    try {
      await this.notifier.send({
        channel: 'email',
        to: this.config.env.CONTACT_INBOX,
        subject: mail.subject,
        body: mail.text,
        html: mail.html,
      });
    } catch (err) {
      // The visitor sees the spec's message; the cause (SMTP down, refused…) goes to the log via the error's cause.
      throw Object.assign(new AppError(502, 'MAIL_FAILED', MSG.contactError), { cause: err });
    }
  }
}
