import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import RenderErrorPage from '../features/common/components/RenderErrorPage';
import { Spinner } from '../components/ui/Spinner';
import PublicLayout from '../features/public/components/PublicLayout';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });
const comingSoon = page(() => import('../features/common/components/ComingSoonPage'));
const payments = page(() => import('../features/payments/components/PaymentsPage'));
const support = page(() => import('../features/support/components/SupportPage')); // support (issue 9)

/** The spec's route table (000 §2, 002 §2), exact and case-sensitive. Later issues replace the coming-soon pages. */
const customerRoutes: RouteObject[] = [
  { path: '/dashboard', lazy: page(() => import('../features/dashboard/components/DashboardPage')) },
  { path: '/dashboard/:nCtrId', lazy: page(() => import('../features/dashboard/components/DashboardPage')) },
  { path: '/cadastro', lazy: page(() => import('../features/registration/components/RegistrationPage')) },
  { path: '/meu-plano', lazy: comingSoon },
  { path: '/mapa', lazy: comingSoon },
  { path: '/pagamentos', lazy: payments },
  { path: '/pagamentos/fatura-em-aberto', lazy: page(() => import('../features/payments/components/PayOpenInvoicePage')) },
  { path: '/pagamentos/cartao', lazy: page(() => import('../features/payments/components/ChangeCardPage')) },
  { path: '/pagamentos/adicionar-cartao', lazy: page(() => import('../features/payments/components/ChangeCardPage')) },
  { path: '/pagamentos/placa/:placa', lazy: payments },
  { path: '/pagamentos/:nCtrId', lazy: payments },
  { path: '/antecipacao', lazy: page(() => import('../features/payments/components/AdvancePage')) },
  { path: '/servicos-adicionais', lazy: page(() => import('../features/support/components/AdditionalServicesPage')) }, // support (issue 9)
  { path: '/suporte', lazy: support },
  { path: '/suporte/:nCtrId', lazy: support },
  { path: '/suporte/:nCtrId/:upSell', lazy: support },
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
  { path: '/sso/:data', lazy: comingSoon },
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
