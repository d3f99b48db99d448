import { CarFront, CreditCard, FileText, House, LifeBuoy, MapPinned, ShieldAlert, type LucideIcon } from 'lucide-react';

/** One shared menu list (Início is handled separately, as the spec says); each item with its icon. */
export const HOME_ITEM: { label: string; to: string; icon: LucideIcon } = { label: 'Início', to: '/dashboard', icon: House };

export const MENU_ITEMS: ReadonlyArray<{ label: string; to: string; icon: LucideIcon }> = [
  { label: 'Cadastro', to: '/cadastro', icon: FileText },
  { label: 'Meu Plano', to: '/meu-plano', icon: CarFront },
  { label: 'Mapa do Veículo', to: '/mapa', icon: MapPinned },
  { label: 'Pagamentos', to: '/pagamentos', icon: CreditCard },
  { label: 'Solicitações', to: '/suporte', icon: LifeBuoy },
  { label: 'Sinistros', to: '/aviso', icon: ShieldAlert },
];
