/** One shared menu list (Início is handled separately, as the spec says). */
export const HOME_ITEM = { label: 'Início', to: '/dashboard' } as const;

export const MENU_ITEMS = [
  { label: 'Cadastro', to: '/cadastro' },
  { label: 'Meu Plano', to: '/meu-plano' },
  { label: 'Mapa do Veículo', to: '/mapa' },
  { label: 'Pagamentos', to: '/pagamentos' },
  { label: 'Solicitações', to: '/suporte' },
  { label: 'Sinistros', to: '/aviso' },
] as const;
