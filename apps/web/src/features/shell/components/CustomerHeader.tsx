import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { greetingName } from '@guarita/domain';
import { ArrowLeft, LogOut, Menu, X } from 'lucide-react';
import { useMe } from '../../../api/get-me';
import { usePublicConfig } from '../../../api/get-public-config';
import { EmergencyStrip } from '../../common/components/EmergencyLines';
import { parentRoute } from '../parent-route';
import { logout } from '../../auth/api/logout';
import { HOME_ITEM, MENU_ITEMS } from './menu-items';
import { Logo } from './Logo';
import { VehicleSelector } from './VehicleSelector';
import { paths } from '../../../lib/paths';

export function CustomerHeader() {
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const brand = usePublicConfig().data?.brandName ?? 'Guarita';
  const parent = parentRoute(location.pathname);
  const greeting = me.data ? `Olá, ${greetingName(me.data)}!` : 'Olá!';
  // The logo link's name starts with its visible text (WCAG 2.5.3 label in name).
  const logoLink = (
    <Link to={paths.dashboard.pattern} aria-label={`${brand} — Início`}>
      <Logo name={brand} />
    </Link>
  );
  const [open, setOpen] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);

  // Slide-in menu: focus moves in, Esc closes, Tab stays inside, focus returns to the burger.
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const burger = burgerRef.current;
    panel?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
      if (e.key === 'Tab' && panel) {
        const items = [...panel.querySelectorAll<HTMLElement>('a, button, select')];
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      burger?.focus();
    };
  }, [open]);

  const signOut = async () => {
    await logout();
    queryClient.clear();
    navigate(paths.home, { replace: true });
  };

  const links = (
    <ul>
      <li>
        <NavLink to={HOME_ITEM.to}>
          <HOME_ITEM.icon aria-hidden="true" size={18} />
          {HOME_ITEM.label}
        </NavLink>
      </li>
      {MENU_ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to}>
            <item.icon aria-hidden="true" size={18} />
            {item.label}
          </NavLink>
        </li>
      ))}
      <li>
        <button type="button" className="menu-logout" onClick={signOut}>
          <LogOut aria-hidden="true" size={18} />
          Sair
        </button>
      </li>
    </ul>
  );

  return (
    <header className="customer-header">
      <div className="header-bar mobile-only">
        {parent ? (
          <button type="button" className="icon-btn" aria-label="Voltar" onClick={() => navigate(parent)}>
            <ArrowLeft aria-hidden="true" />
          </button>
        ) : (
          <span className="icon-btn-placeholder" aria-hidden="true" />
        )}
        {logoLink}
        <button
          ref={burgerRef}
          type="button"
          className="icon-btn"
          aria-label="Abrir menu"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen(true)}
        >
          <Menu aria-hidden="true" />
        </button>
      </div>
      <div className="header-bar desktop-only">
        {logoLink}
        <p className="greeting">{greeting}</p>
        <VehicleSelector />
      </div>
      <nav className="desktop-nav desktop-only" aria-label="Menu principal">
        {links}
      </nav>
      <EmergencyStrip />
      <div className={`menu-backdrop ${open ? 'open' : ''}`} onClick={() => setOpen(false)} aria-hidden="true" />
      <nav
        id="mobile-menu"
        ref={panelRef}
        className={`mobile-menu ${open ? 'open' : ''}`}
        aria-label="Menu"
        aria-hidden={!open}
        inert={!open}
      >
        <div className="mobile-menu-head">
          <p className="greeting">{greeting}</p>
          <button type="button" className="icon-btn" aria-label="Fechar menu" onClick={() => setOpen(false)}>
            <X aria-hidden="true" />
          </button>
        </div>
        <VehicleSelector />
        {links}
      </nav>
    </header>
  );
}
