import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import RenderErrorPage from '../features/common/components/RenderErrorPage';
import { Spinner } from '../components/ui/Spinner';
import PublicLayout from '../features/public/components/PublicLayout';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });
const comingSoon = page(() => import('../features/common/components/ComingSoonPage'));
const payments = page(() => import('../features/payments/components/PaymentsPage'));

/** The spec's route table (000 §2, 002 §2), exact and case-sensitive. Later issues replace the coming-soon pages. */
const customerRoutes: RouteObject[] = [
  { path: '/dashboard', lazy: page(() => import('../features/dashboard/components/DashboardPage')) },
  { path: '/dashboard/:nCtrId', lazy: page(() => import('../features/dashboard/components/DashboardPage')) },
  { path: '/cadastro', lazy: page(() => import('../features/registration/components/RegistrationPage')) },
  { path: '/meu-plano', lazy: page(() => import('../features/plan/components/PlanPage')) },
  { path: '/mapa', lazy: page(() => import('../features/trips/components/TripsPage')) },
  { path: '/pagamentos', lazy: payments },
  { path: '/pagamentos/fatura-em-aberto', lazy: page(() => import('../features/payments/components/PayOpenInvoicePage')) },
  { path: '/pagamentos/cartao', lazy: page(() => import('../features/payments/components/ChangeCardPage')) },
  { path: '/pagamentos/adicionar-cartao', lazy: page(() => import('../features/payments/components/ChangeCardPage')) },
  { path: '/pagamentos/placa/:placa', lazy: payments },
  { path: '/pagamentos/:nCtrId', lazy: payments },
  { path: '/antecipacao', lazy: page(() => import('../features/payments/components/AdvancePage')) },
  { path: '/servicos-adicionais', lazy: comingSoon },
  { path: '/suporte', lazy: comingSoon },
  { path: '/suporte/:nCtrId', lazy: comingSoon },
  { path: '/suporte/:nCtrId/:upSell', lazy: comingSoon },
  { path: '/sinistros', lazy: comingSoon },
  { path: '/sinistros/:nCtrId', lazy: comingSoon },
  { path: '/sinistros/consulta/:caseId', lazy: comingSoon },
  { path: '/aviso', lazy: comingSoon },
  { path: '/aviso/:nCtrId', lazy: comingSoon },
];

const publicRoutes: RouteObject[] = [
  { path: '/', lazy: page(() => import('../features/public/components/HomeOrLogin')) },
  { path: '/politica-de-privacidade', lazy: page(() => import('../features/public/components/PrivacyPage')) },
  { path: '/termos-de-uso', lazy: page(() => import('../features/public/components/TermsPage')) },
  { path: '/contato', lazy: page(() => import('../features/public/components/ContactPage')) },
  { path: '/duvidas-frequentes', lazy: page(() => import('../features/public/components/FaqPage')) },
  { path: '/sso/:data', lazy: page(() => import('../features/sso/components/SsoPage')) },
  { path: '/checkout', lazy: comingSoon },
  { path: '/checkout/contact', lazy: comingSoon },
  { path: '/indicacao', lazy: comingSoon },
  { path: '*', lazy: page(() => import('../features/common/components/NotFoundPage')) },
];

const exact = (routes: RouteObject[]): RouteObject[] => routes.map((r) => ({ ...r, caseSensitive: true }));

export const routes: RouteObject[] = [
  {
    errorElement: <RenderErrorPage />,
    hydrateFallbackElement: <Spinner />,
    children: [
      { path: '/painel', element: <Navigate to="/dashboard" replace />, caseSensitive: true },
      { path: '/Dashboard', element: <Navigate to="/dashboard" replace />, caseSensitive: true },
      {
        lazy: async () => ({ Component: (await import('../features/shell/components/CustomerLayout')).default }),
        children: exact(customerRoutes),
      },
      { Component: PublicLayout, children: exact(publicRoutes) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
