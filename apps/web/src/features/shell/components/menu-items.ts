import { CarFront, CreditCard, FileText, House, LifeBuoy, MapPinned, ShieldAlert, type LucideIcon } from 'lucide-react';
import { paths } from '../../../lib/paths';

interface MenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Other addresses of the same section, where the item shows as current too (e.g. the claim screens for Sinistros). */
  section?: readonly string[];
}

/** One shared menu list (Início is handled separately, as the spec says); each item with its icon. */
export const HOME_ITEM: MenuItem = { label: 'Início', to: paths.dashboard.pattern, icon: House };

export const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Cadastro', to: paths.registration, icon: FileText },
  { label: 'Meu Plano', to: paths.plan, icon: CarFront },
  { label: 'Mapa do Veículo', to: paths.map, icon: MapPinned },
  { label: 'Pagamentos', to: paths.payments.pattern, icon: CreditCard },
  { label: 'Solicitações', to: paths.support.pattern, icon: LifeBuoy },
  { label: 'Sinistros', to: paths.notice.pattern, icon: ShieldAlert, section: [paths.claims.pattern] },
];

/** Whether the pathname is in one of the item's other addresses (the address itself or below it). */
export const inSection = (item: MenuItem, pathname: string) =>
  (item.section ?? []).some((p) => pathname === p || pathname.startsWith(`${p}/`));
