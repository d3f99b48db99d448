import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import RenderErrorPage from '../features/common/components/RenderErrorPage';
import { Spinner } from '../components/ui/Spinner';
import { paths } from '../lib/paths';

type Load = () => Promise<{ default: React.ComponentType }>;
const page = (load: Load) => async () => ({ Component: (await load()).default });
/** A route whose screens read data through TanStack Query: the client's provider comes with its lazy module. */
const withQuery = (load: Load) => async () => {
  const [{ default: Component }, { withQueryClient }] = await Promise.all([load(), import('./query-client')]);
  return { Component: withQueryClient(Component) };
};
const comingSoon = page(() => import('../features/common/components/ComingSoonPage'));
const payments = page(() => import('../features/payments/components/PaymentsPage'));
const support = page(() => import('../features/support/components/SupportPage')); // support (issue 9)
const notice = page(() => import('../features/claims/components/NoticePage')); // claims (issue 11)
/** /pagamentos/adicionar-cartao opens on the card form, which ChangeCardPage otherwise loads on the way to it. */
const addCard = page(
  async () =>
    (await Promise.all([import('../features/payments/components/ChangeCardPage'), import('../features/payments/components/CardForm')]))[0],
);

/** The spec's route table (000 §2, 002 §2), exact and case-sensitive. Later issues replace the coming-soon pages. */
const customerRoutes: RouteObject[] = [
  { path: paths.dashboard.pattern, lazy: page(() => import('../features/dashboard/components/DashboardPage')) },
  { path: paths.dashboard.byContract, lazy: page(() => import('../features/dashboard/components/DashboardPage')) },
  { path: paths.registration, lazy: page(() => import('../features/registration/components/RegistrationPage')) },
  { path: paths.notifications, lazy: page(() => import('../features/notifications/components/NotificationsPage')) }, // issue 13 §3
  { path: paths.plan, lazy: page(() => import('../features/plan/components/PlanPage')) },
  { path: paths.map, lazy: page(() => import('../features/trips/components/TripsPage')) },
  { path: paths.payments.pattern, lazy: payments },
  { path: paths.payments.openInvoice, lazy: page(() => import('../features/payments/components/PayOpenInvoicePage')) },
  { path: paths.payments.changeCard, lazy: page(() => import('../features/payments/components/ChangeCardPage')) },
  { path: paths.payments.addCard, lazy: addCard },
  { path: paths.payments.byPlate, lazy: payments },
  { path: paths.payments.byContract, lazy: payments },
  { path: paths.advance, lazy: page(() => import('../features/payments/components/AdvancePage')) },
  { path: paths.extraServices, lazy: page(() => import('../features/support/components/AdditionalServicesPage')) }, // support (issue 9)
  { path: paths.support.pattern, lazy: support },
  { path: paths.support.byContract, lazy: support },
  { path: paths.support.upSell, lazy: support },
  { path: paths.claims.pattern, lazy: page(() => import('../features/claims/components/ClaimsListPage')) }, // claims (issue 11)
  { path: paths.claims.byContract, lazy: page(() => import('../features/claims/components/ClaimPage')) },
  { path: paths.claims.case, lazy: page(() => import('../features/claims/components/ClaimTrackingPage')) },
  { path: paths.notice.pattern, lazy: notice },
  { path: paths.notice.byContract, lazy: notice },
];

const publicRoutes: RouteObject[] = [
  { path: paths.home, lazy: page(() => import('../features/public/components/HomeOrLogin')) },
  { path: paths.privacy, lazy: page(() => import('../features/public/components/PrivacyPage')) },
  { path: paths.terms, lazy: page(() => import('../features/public/components/TermsPage')) },
  { path: paths.contact, lazy: page(() => import('../features/public/components/ContactPage')) },
  { path: paths.faq, lazy: page(() => import('../features/public/components/FaqPage')) },
  { path: paths.sso, lazy: withQuery(() => import('../features/sso/components/SsoPage')) },
  { path: paths.checkout, lazy: comingSoon },
  { path: paths.checkoutContact, lazy: comingSoon },
  { path: paths.referral, lazy: comingSoon },
  { path: '*', lazy: page(() => import('../features/common/components/NotFoundPage')) },
];

const exact = (routes: RouteObject[]): RouteObject[] => routes.map((r) => ({ ...r, caseSensitive: true }));

export const routes: RouteObject[] = [
  {
    errorElement: <RenderErrorPage />,
    hydrateFallbackElement: <Spinner />,
    children: [
      { path: paths.legacy.panel, element: <Navigate to={paths.dashboard.pattern} replace />, caseSensitive: true },
      { path: paths.legacy.dashboard, element: <Navigate to={paths.dashboard.pattern} replace />, caseSensitive: true },
      {
        lazy: withQuery(() => import('../features/shell/components/CustomerLayout')),
        children: exact(customerRoutes),
      },
      {
        // The staff console: its own layout and chunks (issue 13); nothing of it loads on a customer route.
        path: paths.backoffice.home,
        caseSensitive: true,
        lazy: withQuery(() => import('../features/backoffice/components/BackofficeLayout')),
        children: [
          { index: true, lazy: page(() => import('../features/backoffice/components/QueuePage')) },
          { path: paths.backoffice.case, caseSensitive: true, lazy: page(() => import('../features/backoffice/components/CasePage')) },
          {
            path: paths.backoffice.finance,
            caseSensitive: true,
            lazy: page(() => import('../features/backoffice/components/FinancePage')),
          },
        ],
      },
      {
        // Lazy as the customer layout is: the logged-in pages do not load the public shell.
        lazy: async () => ({ Component: (await import('../features/public/components/PublicLayout')).default }),
        children: exact(publicRoutes),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/**
 * The router for the page the browser is on, with that page's lazy route modules loaded first: a page
 * prerendered at build hydrates with the same tree, and a skeleton from index.html stays up meanwhile
 * instead of a spinner flashing in between.
 */
export async function createRouterForPage(location: string = window.location.pathname): Promise<ReturnType<typeof createRouter>> {
  const lazyMatches = matchRoutes(routes, location)?.filter((m) => typeof m.route.lazy === 'function') ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const load = m.route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(m.route, { ...(await load()), lazy: undefined });
    }),
  );
  return createRouter();
}
