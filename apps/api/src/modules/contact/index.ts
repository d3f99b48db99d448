import fp from 'fastify-plugin';
import { CaptchaService } from './captcha';
import { ContactService } from './service';
import routes from './routes';

// The module's public face (ADR 068): other modules import these from '../contact', never its files.
export { ChallengeDto } from './captcha';

declare module 'fastify' {
  interface FastifyInstance {
    contact: ContactService;
  }
}

/** Fale conosco (ALTCHA captcha, e-mail to the contact inbox): /api/contact*. Owns contact_captcha_spent. */
export default fp(
  async (app) => {
    const captcha = new CaptchaService(app.db, app.config.altchaKey, app.clock);
    app.decorate('contact', new ContactService(captcha, app.notifier, app.limiter, app.config));
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'contact', dependencies: ['ports'] },
);
