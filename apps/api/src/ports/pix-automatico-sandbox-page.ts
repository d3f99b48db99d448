import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RECURRENCE_LABEL, formatIsoDate, formatMoney } from '@guarita/domain';
import { SANDBOX_APPROVAL_PATH, type SandboxPixRecurrencePsp, type SandboxRecurrenceView } from './pix-automatico-sandbox';

const TokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * The sandbox "bank app" (demo mode only; ADR 077): the page where the payer approves or refuses a Pix Automático, as
 * the bank's app would after reading the QR. It belongs to the sandbox PSP, not to our API: it is served under
 * /sandbox/pix-automatico/{token}, a link the sandbox hands out with the recurrence. A plain HTML form (no script).
 */
export function sandboxApprovalPages(
  sandbox: SandboxPixRecurrencePsp,
  opts: { receiverName: string; backTo: string },
): FastifyPluginAsyncZod {
  return async (app) => {
    // The buttons post an empty form: the decision is in the URL.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) =>
      done(null, {}),
    );

    const page = (view: SandboxRecurrenceView | null, token: string) => {
      if (!view) return layout('Autorização não encontrada', '<p>Esta solicitação de Pix Automático não existe ou já foi removida.</p>');
      const facts =
        `<dl>` +
        `<dt>Recebedor</dt><dd>${esc(opts.receiverName)}</dd>` +
        `<dt>Pagador</dt><dd>${esc(view.debtorName)}</dd>` +
        `<dt>Contrato</dt><dd>${esc(view.contractRef)}</dd>` +
        `<dt>Descrição</dt><dd>${esc(view.object)}</dd>` +
        `<dt>Valor mensal</dt><dd>${esc(formatMoney(view.amount))}</dd>` +
        `<dt>Periodicidade</dt><dd>Mensal</dd>` +
        `<dt>Primeiro débito</dt><dd>${esc(formatIsoDate(view.startDate))}</dd>` +
        `<dt>Situação</dt><dd>${esc(RECURRENCE_LABEL[view.status])}</dd>` +
        `</dl>`;
      if (view.status === 'CRIADA') {
        const action = (what: string) => `${SANDBOX_APPROVAL_PATH}/${esc(token)}/${what}`;
        return layout(
          'Autorizar Pix Automático',
          `<p>${esc(opts.receiverName)} pede sua autorização para debitar a mensalidade da sua conta, todo mês, pelo Pix Automático.</p>` +
            facts +
            `<form method="post" action="${action('aprovar')}"><button type="submit" class="primary">Autorizar Pix Automático</button></form>` +
            `<form method="post" action="${action('recusar')}"><button type="submit">Recusar</button></form>`,
        );
      }
      const done =
        view.status === 'APROVADA'
          ? '<p role="status"><strong>Pix Automático autorizado.</strong> As próximas mensalidades serão debitadas automaticamente no vencimento.</p>'
          : `<p role="status"><strong>${esc(RECURRENCE_LABEL[view.status])}.</strong> Nenhum débito será feito por esta autorização.</p>`;
      return layout('Pix Automático', done + facts + `<p><a href="${esc(opts.backTo)}">Voltar para a Guarita</a></p>`);
    };

    app.get(`${SANDBOX_APPROVAL_PATH}/:token`, { schema: { hide: true, params: TokenParams } }, async (req, reply) => {
      const view = await sandbox.approvalView(req.params.token);
      return reply
        .code(view ? 200 : 404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page(view, req.params.token));
    });

    for (const [what, decision] of [
      ['aprovar', 'approve'],
      ['recusar', 'reject'],
    ] as const) {
      app.post(`${SANDBOX_APPROVAL_PATH}/:token/${what}`, { schema: { hide: true, params: TokenParams } }, async (req, reply) => {
        const view = await sandbox.answer(req.params.token, decision);
        if (!view) return reply.code(404).type('text/html; charset=utf-8').send(page(null, req.params.token));
        return reply.redirect(`${SANDBOX_APPROVAL_PATH}/${req.params.token}`, 303);
      });
    }
  };
}

function layout(title: string, body: string): string {
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(title)} — Banco Sandbox</title><style>` +
    `body{font-family:system-ui,sans-serif;margin:0;background:#f2f4f7;color:#1d2433}` +
    `header{background:#3b1f7a;color:#fff;padding:16px}header p{margin:0;font-size:14px;opacity:.85}` +
    `main{max-width:480px;margin:0 auto;padding:16px}h1{font-size:22px;margin:8px 0 16px}` +
    `dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;background:#fff;padding:16px;border-radius:8px}` +
    `dt{color:#5b6475}dd{margin:0;font-weight:600;overflow-wrap:anywhere}` +
    `form{margin-top:12px}button{width:100%;min-height:48px;font-size:16px;border-radius:8px;border:1px solid #3b1f7a;background:#fff;color:#3b1f7a}` +
    `button.primary{background:#3b1f7a;color:#fff}button:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}` +
    `small{display:block;margin-top:24px;color:#5b6475}a{color:#3b1f7a}` +
    `</style></head><body><header><strong>Banco Sandbox</strong><p>App do banco de demonstração</p></header>` +
    `<main><h1>${esc(title)}</h1>${body}` +
    `<small>Página de demonstração do sandbox: nenhum banco real é acionado e nenhum valor real é debitado.</small></main></body></html>`
  );
}
