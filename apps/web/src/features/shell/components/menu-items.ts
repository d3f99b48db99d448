import { paths } from '../../../lib/paths';

/** One shared menu list (Início is handled separately, as the spec says). */
export const HOME_ITEM = { label: 'Início', to: paths.dashboard.pattern } as const;

export const MENU_ITEMS = [
  { label: 'Cadastro', to: paths.registration },
  { label: 'Meu Plano', to: paths.plan },
  { label: 'Mapa do Veículo', to: paths.map },
  { label: 'Pagamentos', to: paths.payments.pattern },
  { label: 'Solicitações', to: paths.support.pattern },
  { label: 'Sinistros', to: paths.notice.pattern },
] as const;
