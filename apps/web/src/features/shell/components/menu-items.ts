import { CarFront, CreditCard, FileText, House, LifeBuoy, MapPinned, ShieldAlert, type LucideIcon } from 'lucide-react';
import { paths } from '../../../lib/paths';

interface MenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** One shared menu list (Início is handled separately, as the spec says); each item with its icon. */
export const HOME_ITEM: MenuItem = { label: 'Início', to: paths.dashboard.pattern, icon: House };

export const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Cadastro', to: paths.registration, icon: FileText },
  { label: 'Meu Plano', to: paths.plan, icon: CarFront },
  { label: 'Mapa do Veículo', to: paths.map, icon: MapPinned },
  { label: 'Pagamentos', to: paths.payments.pattern, icon: CreditCard },
  { label: 'Solicitações', to: paths.support.pattern, icon: LifeBuoy },
  { label: 'Sinistros', to: paths.notice.pattern, icon: ShieldAlert },
];
