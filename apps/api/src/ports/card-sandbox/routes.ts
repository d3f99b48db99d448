import { formatMoney } from '@guarita/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { SANDBOX_CARDS, toVaultCard } from './cards';
import type { SandboxCardGateway } from './gateway';

/** The test cards the hosted page offers (chosen by name: no card number is typed or sent). */
const LINK_CARDS = {
  approveVisa: 'Visa final 1111 (aprovado)',
  approveMastercard: 'Mastercard final 4444 (aprovado)',
  decline: 'Visa final 0002 (recusado pelo emissor)',
  insufficientFunds: 'Visa final 9995 (saldo insuficiente)',
} as const satisfies Partial<Record<keyof typeof SANDBOX_CARDS, string>>;

const LINK_ID = /^[A-Za-z0-9_-]{10,64}$/;
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${esc(title)}</title></head><body><main><h1>${esc(title)}</h1>${body}` +
        `<p><small>Página do provedor de cartão de demonstração (sandbox): nenhum valor real é cobrado.</small></p></main></body></html>`,
    );
}

/**
 * The sandbox provider's own pages, registered only when it is the configured gateway (not under /api, not a
 * demo-mode route): the hosted payment page of a payment link, and the 3-D Secure challenge the browser's sandbox
 * code shows in a dialog (it reads the challenge, the customer confirms, the answer's threeDSResult goes back to our
 * API, which hands it to `completeAction`).
 */
export function sandboxRoutes(gateway: SandboxCardGateway): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get<{ Params: { id: string } }>('/sandbox/pay/:id', { schema: { hide: true } }, async (req, reply) => {
      const link = LINK_ID.test(req.params.id) ? await gateway.link(req.params.id) : undefined;
      if (!link) return page(reply, 404, 'Link de pagamento não encontrado', '');
      const title = 'Pagamento com cartão (sandbox)';
      const head = `<p>${esc(link.description)}: <strong>${formatMoney(link.amount_cents)}</strong></p>`;
      const back = link.return_url ? `<p><a href="${esc(link.return_url)}">Voltar para a Guarita</a></p>` : '';
      if (link.paid_at)
        return page(
          reply,
          200,
          title,
          `${head}<p role="status"><strong>Pagamento confirmado.</strong> Você já pode fechar esta página.</p>${back}`,
        );
      if (link.expires_at.getTime() <= Date.now())
        return page(reply, 200, title, `${head}<p role="status">Este link de pagamento expirou.</p>${back}`);
      const error = typeof (req.query as { erro?: unknown }).erro === 'string' ? (req.query as { erro: string }).erro : '';
      const options = Object.entries(LINK_CARDS)
        .map(
          ([k, label], i) => `<label><input type="radio" name="cartao" value="${k}"${i === 0 ? ' checked' : ''}> ${esc(label)}</label><br>`,
        )
        .join('');
      return page(
        reply,
        200,
        title,
        `${head}${error ? `<p role="alert">${esc(error)}</p>` : ''}<form method="post" action="/sandbox/pay/${esc(link.link_id)}">` +
          `<fieldset><legend>Cartão de teste</legend>${options}</fieldset><button type="submit">Pagar ${formatMoney(link.amount_cents)}</button></form>`,
      );
    });

    app.post<{ Params: { id: string }; Body: Record<string, string> }>(
      '/sandbox/pay/:id',
      { schema: { hide: true } },
      async (req, reply) => {
        if (!LINK_ID.test(req.params.id)) return page(reply, 404, 'Link de pagamento não encontrado', '');
        const choice = (req.body?.cartao ?? '') as keyof typeof LINK_CARDS;
        if (!(choice in LINK_CARDS)) return page(reply, 400, 'Escolha um cartão de teste', '');
        const year = new Date().getUTCFullYear() + 2;
        const card = toVaultCard({ number: SANDBOX_CARDS[choice], month: '12', year: String(year), cvv: '123' }, new Date())!;
        const r = await gateway.payLink(req.params.id, card);
        if (r === 'not_found') return page(reply, 404, 'Link de pagamento não encontrado', '');
        const q = typeof r === 'object' ? `?erro=${encodeURIComponent(`Pagamento recusado: ${r.declined}`)}` : '';
        return reply.redirect(`/sandbox/pay/${req.params.id}${q}`, 303);
      },
    );

    // The 3DS challenge, read and answered by the sandbox's browser code (apps/web …/card-encryption/sandbox).
    app.get<{ Params: { token: string } }>('/sandbox/3ds/:token', { schema: { hide: true } }, async (req, reply) => {
      const c = TOKEN.test(req.params.token) ? await gateway.challenge(req.params.token) : null;
      if (!c) return reply.status(404).header('cache-control', 'no-store').send({ erro: 'CHALLENGE_NOT_FOUND' });
      return reply.header('cache-control', 'no-store').send({ valor: c.amount, bandeira: c.brand, final: c.last4 });
    });

    app.post<{ Params: { token: string }; Body: { resultado?: unknown } }>(
      '/sandbox/3ds/:token',
      { schema: { hide: true } },
      async (req, reply) => {
        const answer = req.body?.resultado;
        if (!TOKEN.test(req.params.token) || (answer !== 'Y' && answer !== 'N')) return reply.status(400).send({ erro: 'BAD_REQUEST' });
        const r = await gateway.answerChallenge(req.params.token, answer);
        if (!r) return reply.status(404).send({ erro: 'CHALLENGE_NOT_FOUND' });
        return reply.header('cache-control', 'no-store').send(r);
      },
    );
  };
}
