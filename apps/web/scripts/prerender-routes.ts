/**
 * What scripts/prerender.ts renders at build: the public pages, and the customer routes' own copies of index.html.
 * Checked against the router's table by src/app/route-table.test.ts (a route left out would fall back to the bare
 * index.html without a word).
 */
import { paths } from '../src/lib/paths';

/** The public pages' layout route, lazy as the pages are. */
export const PUBLIC_LAYOUT = 'src/features/public/components/PublicLayout.tsx';

/** The route's own lazy module per page, so its chunk (and what it imports) is preloaded with the entry, its CSS linked. */
export const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/features/public/components/HomeOrLogin.tsx',
  '/duvidas-frequentes': 'src/features/public/components/FaqPage.tsx',
  '/contato': 'src/features/public/components/ContactPage.tsx',
  '/politica-de-privacidade': 'src/features/public/components/PrivacyPage.tsx',
  '/termos-de-uso': 'src/features/public/components/TermsPage.tsx',
};

/** The customer area's layout route, lazy as well, and TanStack Query's provider that comes with it (app/router.tsx). */
export const CUSTOMER_LAYOUT = 'src/features/shell/components/CustomerLayout.tsx';
export const QUERY_PROVIDER = 'src/app/query-client.tsx';

/**
 * Customer routes answered with their own copy of index.html (the skeleton), which preloads the customer layout's
 * and the route's chunks and carries their CSS: without it the route's modules are asked for only once the entry
 * and the framework have arrived and run (one more round trip on the critical path of every logged-in page).
 * `pattern` is the router's (apps/api/src/plugins/web.ts matches `:param` segments); routes not listed get the
 * plain index.html, which works the same, a round trip later.
 */
export const SHELL_ROUTES: { pattern: string; source: string; file: string; also?: string[] }[] = [
  { pattern: paths.dashboard.pattern, source: 'src/features/dashboard/components/DashboardPage.tsx', file: 'dashboard.html' },
  { pattern: paths.dashboard.byContract, source: 'src/features/dashboard/components/DashboardPage.tsx', file: 'dashboard.html' },
  { pattern: paths.payments.pattern, source: 'src/features/payments/components/PaymentsPage.tsx', file: 'pagamentos.html' },
  { pattern: paths.payments.byContract, source: 'src/features/payments/components/PaymentsPage.tsx', file: 'pagamentos.html' },
  { pattern: paths.payments.byPlate, source: 'src/features/payments/components/PaymentsPage.tsx', file: 'pagamentos.html' },
  { pattern: paths.payments.openInvoice, source: 'src/features/payments/components/PayOpenInvoicePage.tsx', file: 'fatura-em-aberto.html' },
  { pattern: paths.payments.changeCard, source: 'src/features/payments/components/ChangeCardPage.tsx', file: 'cartao.html' },
  {
    // The card form, which /pagamentos/cartao loads on the way to it, is this route's first screen (app/router.tsx).
    pattern: paths.payments.addCard,
    source: 'src/features/payments/components/ChangeCardPage.tsx',
    file: 'adicionar-cartao.html',
    also: ['src/features/payments/components/CardForm.tsx'],
  },
  {
    pattern: paths.payments.pixAutomatico,
    source: 'src/features/payments/components/PixAutomaticoPage.tsx',
    file: 'pix-automatico.html',
  },
  { pattern: paths.advance, source: 'src/features/payments/components/AdvancePage.tsx', file: 'antecipacao.html' },
  { pattern: paths.registration, source: 'src/features/registration/components/RegistrationPage.tsx', file: 'cadastro.html' },
  { pattern: paths.plan, source: 'src/features/plan/components/PlanPage.tsx', file: 'meu-plano.html' },
  { pattern: paths.map, source: 'src/features/trips/components/TripsPage.tsx', file: 'mapa.html' },
  { pattern: paths.extraServices, source: 'src/features/support/components/AdditionalServicesPage.tsx', file: 'servicos-adicionais.html' },
  { pattern: paths.support.pattern, source: 'src/features/support/components/SupportPage.tsx', file: 'suporte.html' },
  { pattern: paths.support.byContract, source: 'src/features/support/components/SupportPage.tsx', file: 'suporte.html' },
  { pattern: paths.support.upSell, source: 'src/features/support/components/SupportPage.tsx', file: 'suporte.html' },
  { pattern: paths.notifications, source: 'src/features/notifications/components/NotificationsPage.tsx', file: 'notificacoes.html' },
  { pattern: paths.claims.pattern, source: 'src/features/claims/components/ClaimsListPage.tsx', file: 'sinistros.html' },
  { pattern: paths.claims.byContract, source: 'src/features/claims/components/ClaimPage.tsx', file: 'sinistro.html' },
  { pattern: paths.claims.case, source: 'src/features/claims/components/ClaimTrackingPage.tsx', file: 'sinistro-consulta.html' },
  { pattern: paths.notice.pattern, source: 'src/features/claims/components/NoticePage.tsx', file: 'aviso.html' },
  { pattern: paths.notice.byContract, source: 'src/features/claims/components/NoticePage.tsx', file: 'aviso.html' },
];
