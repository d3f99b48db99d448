import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import type { FocusTrapProps } from 'focus-trap-react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { greetingName } from '@guarita/domain';
import { ArrowLeft, LogOut, Menu, X } from 'lucide-react';
import { useMe } from '../../../api/get-me';
import { usePublicConfig } from '../../../api/get-public-config';
import { EmergencyStrip } from '../../common';
import { parentRoute } from '../parent-route';
import { logout } from '../../auth';
import { NotificationBell } from '../../notifications';
import { HOME_ITEM, inSection, MENU_ITEMS } from './menu-items';
import { Logo } from './Logo';
import { VehicleSelector } from './VehicleSelector';
import { paths } from '../../../lib/paths';
import styles from './CustomerHeader.module.css';

// The phone menu's focus trap (~8 KB) loads the first time the menu opens, not with every page (ADR 025). If it cannot
// be downloaded (offline), the menu opens without it (its close button and links work) instead of the error taking
// the whole screen, header and emergency lines included.
const MenuWithoutTrap: ComponentType<FocusTrapProps> = ({ children }) => children;
const FocusTrap = lazy(() =>
  import('focus-trap-react').then(
    (m) => ({ default: m.FocusTrap as ComponentType<FocusTrapProps> }),
    () => ({ default: MenuWithoutTrap }),
  ),
);

/** Pages whose content has its own 'Veículo' selector (choosing there keeps the page): the header's is not repeated. */
const PAGES_WITH_OWN_SELECTOR: ReadonlySet<string> = new Set([paths.map, paths.plan]);

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
      <Logo name={brand} className={styles.logo} />
    </Link>
  );
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  // Another page closes the menu. Set while rendering, not in an effect: a mount effect would also close a menu opened
  // by a tap made before hydration and replayed between the first commit and its effects (the boot loader, ADR 059).
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setOpen(false);
  }

  // Escape closes the menu even before the focus trap's chunk has arrived (a cold or slow connection): without this,
  // the key pressed while the trap loads is lost and the menu stays open.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      burgerRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
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
      {MENU_ITEMS.map((item) => {
        const body = (
          <>
            <item.icon aria-hidden="true" size={18} />
            {item.label}
          </>
        );
        // The claim screens (/sinistros…) belong to Sinistros too, whose link opens the notice (/aviso).
        return (
          <li key={item.to}>
            {inSection(item, location.pathname) ? (
              <Link to={item.to} className="active" aria-current="page">
                {body}
              </Link>
            ) : (
              <NavLink to={item.to}>{body}</NavLink>
            )}
          </li>
        );
      })}
      <li>
        <button type="button" className={styles.menuLogout} onClick={signOut}>
          <LogOut aria-hidden="true" size={18} />
          Sair
        </button>
      </li>
    </ul>
  );

  const menu = (
    <nav
      id="mobile-menu"
      ref={panelRef}
      className={open ? `${styles.mobileMenu} ${styles.open}` : styles.mobileMenu}
      aria-label="Menu"
      aria-hidden={!open}
      inert={!open}
    >
      <div className={styles.mobileMenuHead}>
        <p className={styles.greeting}>{greeting}</p>
        <button type="button" className={styles.iconBtn} aria-label="Fechar menu" onClick={() => setOpen(false)}>
          <X aria-hidden="true" />
        </button>
      </div>
      <VehicleSelector className={styles.menuSelector} />
      {links}
    </nav>
  );

  return (
    <header className={styles.customerHeader}>
      <div className={`${styles.headerBar} mobile-only`}>
        {parent ? (
          <button type="button" className={styles.iconBtn} aria-label="Voltar" onClick={() => navigate(parent)}>
            <ArrowLeft aria-hidden="true" />
          </button>
        ) : (
          <span className={styles.iconBtnPlaceholder} aria-hidden="true" />
        )}
        {logoLink}
        <span className={styles.headerActions}>
          <NotificationBell />
          <button
            ref={burgerRef}
            type="button"
            className={styles.iconBtn}
            aria-label="Abrir menu"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => {
              setOpened(true);
              setOpen(true);
            }}
          >
            <Menu aria-hidden="true" />
          </button>
        </span>
      </div>
      <div className={`${styles.headerBar} desktop-only`}>
        {logoLink}
        <p className={styles.greeting}>{greeting}</p>
        <span className={styles.headerActions}>
          {/* A page with its own 'Veículo' selector (it stays on that page) shows only that one. */}
          {!PAGES_WITH_OWN_SELECTOR.has(location.pathname) && <VehicleSelector />}
          <NotificationBell />
        </span>
      </div>
      <nav className={`${styles.desktopNav} desktop-only`} aria-label="Menu principal">
        {links}
      </nav>
      <EmergencyStrip />
      <div
        className={open ? `${styles.menuBackdrop} ${styles.open}` : styles.menuBackdrop}
        onClick={() => setOpen(false)}
        aria-hidden="true"
      />
      {/* Slide-in menu: focus moves in, Esc and a click outside close it, Tab stays inside, focus returns to the burger. */}
      {opened ? (
        <Suspense fallback={menu}>
          <FocusTrap
            active={open}
            focusTrapOptions={{
              onDeactivate: () => setOpen(false),
              clickOutsideDeactivates: true,
              returnFocusOnDeactivate: true,
              setReturnFocus: () => burgerRef.current ?? false,
              fallbackFocus: () => panelRef.current ?? document.body,
              // The panel slides in: its links become focusable (visible, not inert) only once it is open.
              checkCanFocusTrap: (containers) =>
                Promise.all(containers.map(() => new Promise<void>((r) => requestAnimationFrame(() => r())))).then(() => undefined),
            }}
          >
            {menu}
          </FocusTrap>
        </Suspense>
      ) : (
        menu
      )}
    </header>
  );
}
