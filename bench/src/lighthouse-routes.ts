/*
 * The routes Lighthouse measures (re-exported by ./lighthouse.ts): a module of its own, with no Lighthouse import, so
 * the web app's route-table test (apps/web/src/app/route-table.test.ts) checks it against the router's table.
 */

/**
 * A route Lighthouse measures. `auth` routes start logged in (the refresh and page cookies of a real login plus the
 * session flag the app reads on load); `public` routes have the stricter score target.
 * Later issues add their routes here (e.g. { path: '/suporte', auth: true }).
 */
export interface LighthouseRoute {
  path: string;
  auth: boolean;
  public?: boolean;
}

export const LIGHTHOUSE_ROUTES: LighthouseRoute[] = [
  { path: '/', auth: false, public: true },
  { path: '/contato', auth: false, public: true },
  { path: '/duvidas-frequentes', auth: false, public: true },
  { path: '/politica-de-privacidade', auth: false, public: true },
  { path: '/termos-de-uso', auth: false, public: true },
  { path: '/dashboard', auth: true },
  { path: '/pagamentos', auth: true },
  { path: '/pagamentos/fatura-em-aberto', auth: true },
  { path: '/cadastro', auth: true },
  { path: '/meu-plano', auth: true },
  { path: '/mapa', auth: true },
  { path: '/suporte', auth: true },
  { path: '/servicos-adicionais', auth: true },
  // Every other logged-in customer route (issue 8: "every new route"); Maria's contract where a route needs an id.
  { path: '/notificacoes', auth: true },
  { path: '/pagamentos/cartao', auth: true },
  { path: '/antecipacao', auth: true },
  { path: '/sinistros', auth: true },
  { path: '/sinistros/100101', auth: true },
  { path: '/aviso', auth: true },
];
