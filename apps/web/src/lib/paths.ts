import { matchPath } from 'react-router';

/**
 * The spec's route table (000 §2, 002 §2), exact and case-sensitive: the router declares these patterns and
 * every screen links with these builders, so no screen writes a route string.
 */
export const paths = {
  home: '/',
  dashboard: {
    pattern: '/dashboard',
    byContract: '/dashboard/:nCtrId',
    to: (nCtrId?: number) => (nCtrId ? `/dashboard/${nCtrId}` : '/dashboard'),
  },
  registration: '/cadastro',
  /** The customer's notifications (issue 13 §3). */
  notifications: '/notificacoes',
  plan: '/meu-plano',
  map: '/mapa',
  payments: {
    pattern: '/pagamentos',
    byContract: '/pagamentos/:nCtrId',
    byPlate: '/pagamentos/placa/:placa',
    openInvoice: '/pagamentos/fatura-em-aberto',
    changeCard: '/pagamentos/cartao',
    addCard: '/pagamentos/adicionar-cartao',
    /** Pix Automático for the monthly fee (issue 27 item 6; ADR 077). */
    pixAutomatico: '/pagamentos/pix-automatico',
    to: (nCtrId?: number) => (nCtrId ? `/pagamentos/${nCtrId}` : '/pagamentos'),
  },
  advance: '/antecipacao',
  extraServices: '/servicos-adicionais',
  support: {
    pattern: '/suporte',
    byContract: '/suporte/:nCtrId',
    upSell: '/suporte/:nCtrId/:upSell',
    to: (nCtrId?: number) => (nCtrId ? `/suporte/${nCtrId}` : '/suporte'),
  },
  claims: {
    pattern: '/sinistros',
    byContract: '/sinistros/:nCtrId',
    case: '/sinistros/consulta/:caseId',
    to: (nCtrId?: number) => (nCtrId ? `/sinistros/${nCtrId}` : '/sinistros'),
    caseTo: (caseNumber: string) => `/sinistros/consulta/${caseNumber}`,
  },
  notice: { pattern: '/aviso', byContract: '/aviso/:nCtrId', to: (nCtrId?: number) => (nCtrId ? `/aviso/${nCtrId}` : '/aviso') },
  privacy: '/politica-de-privacidade',
  terms: '/termos-de-uso',
  contact: '/contato',
  faq: '/duvidas-frequentes',
  sso: '/sso/:data',
  checkout: '/checkout',
  checkoutContact: '/checkout/contact',
  referral: '/indicacao',
  legacy: { panel: '/painel', dashboard: '/Dashboard' },
  /** The staff console (issue 13): its own lazy chunk, never loaded by the customer routes. */
  backoffice: {
    home: '/backoffice',
    case: '/backoffice/casos/:caseNumber',
    caseTo: (caseNumber: string) => `/backoffice/casos/${caseNumber}`,
    finance: '/backoffice/financeiro',
    audit: '/backoffice/auditoria',
    /** Admin: canned replies (issue 30 item 16). */
    cannedReplies: '/backoffice/respostas-prontas',
  },
} as const;

/** The customer routes, behind the login (the router's customer table): the only places a login returns to (`?voltar=`). */
export const customerPatterns: readonly string[] = [
  paths.dashboard.pattern,
  paths.dashboard.byContract,
  paths.registration,
  paths.notifications,
  paths.plan,
  paths.map,
  paths.payments.pattern,
  paths.payments.openInvoice,
  paths.payments.changeCard,
  paths.payments.addCard,
  paths.payments.pixAutomatico,
  paths.payments.byPlate,
  paths.payments.byContract,
  paths.advance,
  paths.extraServices,
  paths.support.pattern,
  paths.support.byContract,
  paths.support.upSell,
  paths.claims.pattern,
  paths.claims.byContract,
  paths.claims.case,
  paths.notice.pattern,
  paths.notice.byContract,
];

/** Whether `pathname` is one of the customer routes (exact and case-sensitive, as the router matches them). */
export const isCustomerRoute = (pathname: string): boolean =>
  customerPatterns.some((path) => matchPath({ path, caseSensitive: true, end: true }, pathname) !== null);
