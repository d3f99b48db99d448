import { use, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';

/**
 * React Router in its declarative mode (ADR 025, seventh pass): `useRoutes` over this table, each page a module loaded
 * on first use. Its data router (loaders, actions, `lazy`, `errorElement`) would add ~16 KB gzip to every first visit
 * for none of which we use: our data comes through TanStack Query. A route's module is loaded before the first render
 * (`preloadRoute`) so a prerendered page hydrates with the same tree; later navigations run as transitions (the
 * router's default), so the page on screen stays until the next one's module has arrived.
 */
type Load = () => Promise<{ default: ComponentType }>;

interface LazyPage {
  Page: ComponentType;
  /** Loads the module ahead of the first render; a failure is left for the page to show. */
  preload: () => Promise<unknown>;
}

export function lazyPage(load: Load): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  /** The navigation (location key) during which the module failed to load; a later one asks for it again. */
  let failedDuring: string | null | undefined;
  const preload = (navigation: string | null = null) => {
    if (failedDuring !== undefined && failedDuring !== navigation) pending = failedDuring = undefined;
    return (pending ??= load().then(
      (m) => (loaded = m.default),
      (err: unknown) => {
        failedDuring = navigation;
        throw err;
      },
    ));
  };
  function Page() {
    // A failed chunk (a dropped connection) throws here: the error page shows, and the next navigation tries again.
    const { key } = useLocation();
    const Component = loaded ?? use(preload(key));
    return <Component />;
  }
  return { Page, preload: () => preload().catch(() => {}) };
}

/** A route of the table: its element renders the lazily loaded page; `handle` keeps its loader for `preloadRoute`. */
const lazyRoute = (load: Load): Pick<RouteObject, 'element' | 'handle'> => {
  const { Page, preload } = lazyPage(load);
  return { element: <Page />, handle: preload };
};

/** A route whose screens read data through TanStack Query: the client's provider comes with its lazy module. */
const withQuery =
  (load: Load): Load =>
  async () => {
    const [{ default: Component }, { withQueryClient }] = await Promise.all([load(), import('./query-client')]);
    return { default: withQueryClient(Component) };
  };
const comingSoon = lazyRoute(() => import('../features/common/components/ComingSoonPage'));
const payments = lazyRoute(() => import('../features/payments/components/PaymentsPage'));
const support = lazyRoute(() => import('../features/support/components/SupportPage')); // support (issue 9)
const notice = lazyRoute(() => import('../features/claims/components/NoticePage')); // claims (issue 11)
const dashboard = lazyRoute(() => import('../features/dashboard/components/DashboardPage'));
/** /pagamentos/adicionar-cartao opens on the card form, which ChangeCardPage otherwise loads on the way to it. */
const addCard = lazyRoute(
  async () =>
    (await Promise.all([import('../features/payments/components/ChangeCardPage'), import('../features/payments/components/CardForm')]))[0],
);

/** The spec's route table (000 §2, 002 §2), exact and case-sensitive. Later issues replace the coming-soon pages. */
const customerRoutes: RouteObject[] = [
  { path: paths.dashboard.pattern, ...dashboard },
  { path: paths.dashboard.byContract, ...dashboard },
  { path: paths.registration, ...lazyRoute(() => import('../features/registration/components/RegistrationPage')) },
  { path: paths.notifications, ...lazyRoute(() => import('../features/notifications/components/NotificationsPage')) }, // issue 13 §3
  { path: paths.plan, ...lazyRoute(() => import('../features/plan/components/PlanPage')) },
  { path: paths.map, ...lazyRoute(() => import('../features/trips/components/TripsPage')) },
  { path: paths.payments.pattern, ...payments },
  { path: paths.payments.openInvoice, ...lazyRoute(() => import('../features/payments/components/PayOpenInvoicePage')) },
  { path: paths.payments.changeCard, ...lazyRoute(() => import('../features/payments/components/ChangeCardPage')) },
  { path: paths.payments.addCard, ...addCard },
  { path: paths.payments.pixAutomatico, ...lazyRoute(() => import('../features/payments/components/PixAutomaticoPage')) },
  { path: paths.payments.byPlate, ...payments },
  { path: paths.payments.byContract, ...payments },
  { path: paths.advance, ...lazyRoute(() => import('../features/payments/components/AdvancePage')) },
  { path: paths.extraServices, ...lazyRoute(() => import('../features/support/components/AdditionalServicesPage')) }, // support (issue 9)
  { path: paths.support.pattern, ...support },
  { path: paths.support.byContract, ...support },
  { path: paths.support.upSell, ...support },
  { path: paths.claims.pattern, ...lazyRoute(() => import('../features/claims/components/ClaimsListPage')) }, // claims (issue 11)
  { path: paths.claims.byContract, ...lazyRoute(() => import('../features/claims/components/ClaimPage')) },
  { path: paths.claims.case, ...lazyRoute(() => import('../features/claims/components/ClaimTrackingPage')) },
  { path: paths.notice.pattern, ...notice },
  { path: paths.notice.byContract, ...notice },
];

const publicRoutes: RouteObject[] = [
  { path: paths.home, ...lazyRoute(() => import('../features/public/components/HomeOrLogin')) },
  { path: paths.privacy, ...lazyRoute(() => import('../features/public/components/PrivacyPage')) },
  { path: paths.terms, ...lazyRoute(() => import('../features/public/components/TermsPage')) },
  { path: paths.contact, ...lazyRoute(() => import('../features/public/components/ContactPage')) },
  { path: paths.faq, ...lazyRoute(() => import('../features/public/components/FaqPage')) },
  { path: paths.sso, ...lazyRoute(withQuery(() => import('../features/sso/components/SsoPage'))) },
  { path: paths.checkout, ...comingSoon },
  { path: paths.checkoutContact, ...comingSoon },
  { path: paths.referral, ...comingSoon },
  { path: '*', ...lazyRoute(() => import('../features/common/components/NotFoundPage')) },
];

const exact = (routes: RouteObject[]): RouteObject[] => routes.map((r) => ({ ...r, caseSensitive: true }));

export const routes: RouteObject[] = [
  { path: paths.legacy.panel, element: <Navigate to={paths.dashboard.pattern} replace />, caseSensitive: true },
  { path: paths.legacy.dashboard, element: <Navigate to={paths.dashboard.pattern} replace />, caseSensitive: true },
  {
    ...lazyRoute(withQuery(() => import('../features/shell/components/CustomerLayout'))),
    children: exact(customerRoutes),
  },
  {
    // The staff console: its own layout and chunks (issue 13); nothing of it loads on a customer route.
    path: paths.backoffice.home,
    caseSensitive: true,
    ...lazyRoute(withQuery(() => import('../features/backoffice/components/BackofficeLayout'))),
    children: [
      { index: true, ...lazyRoute(() => import('../features/backoffice/components/QueuePage')) },
      { path: paths.backoffice.case, caseSensitive: true, ...lazyRoute(() => import('../features/backoffice/components/CasePage')) },
      {
        path: paths.backoffice.finance,
        caseSensitive: true,
        ...lazyRoute(() => import('../features/backoffice/components/FinancePage')),
      },
      { path: paths.backoffice.audit, caseSensitive: true, ...lazyRoute(() => import('../features/backoffice/components/AuditPage')) },
      {
        path: paths.backoffice.cannedReplies,
        caseSensitive: true,
        ...lazyRoute(() => import('../features/backoffice/components/CannedRepliesPage')),
      },
      { path: '*', ...lazyRoute(() => import('../features/backoffice/components/ConsolePages')) },
    ],
  },
  {
    // Lazy as the customer layout is: the logged-in pages do not load the public shell.
    ...lazyRoute(() => import('../features/public/components/PublicLayout')),
    children: exact(publicRoutes),
  },
];

/**
 * Loads the modules of the routes matching `location` (layout and page), so the first render — a hydration of the
 * prerendered HTML, or the page replacing index.html's skeleton — does not suspend.
 */
export async function preloadRoute(location: string = window.location.pathname): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(matches.map((m) => (m.route.handle as LazyPage['preload'] | undefined)?.()));
}
