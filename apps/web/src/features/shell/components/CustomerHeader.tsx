import { useEffect, useRef, useState } from 'react';
import { FocusTrap } from 'focus-trap-react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useMe } from '../../../api/get-me';
import { logout } from '../../auth';
import { HOME_ITEM, MENU_ITEMS } from './menu-items';
import { Logo } from './Logo';
import { VehicleSelector } from './VehicleSelector';
import { paths } from '../../../lib/paths';
import styles from './CustomerHeader.module.css';

function firstName(name: string | undefined) {
  return name?.split(' ')[0] ?? '';
}

export function CustomerHeader() {
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);

  const signOut = async () => {
    await logout();
    queryClient.clear();
    navigate(paths.home, { replace: true });
  };

  const links = (
    <ul>
      <li>
        <NavLink to={HOME_ITEM.to}>{HOME_ITEM.label}</NavLink>
      </li>
      {MENU_ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to}>{item.label}</NavLink>
        </li>
      ))}
      <li>
        <button type="button" className={styles.menuLogout} onClick={signOut}>
          Sair
        </button>
      </li>
    </ul>
  );

  return (
    <header className={styles.customerHeader}>
      <div className={`${styles.headerBar} mobile-only`}>
        <button type="button" className={styles.iconBtn} aria-label="Voltar" onClick={() => navigate(-1)}>
          ←
        </button>
        <Link to={paths.dashboard.pattern} aria-label="Início">
          <Logo className={styles.logo} />
        </Link>
        <button
          ref={burgerRef}
          type="button"
          className={styles.iconBtn}
          aria-label="Abrir menu"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen(true)}
        >
          ☰
        </button>
      </div>
      <div className={`${styles.headerBar} desktop-only`}>
        <Link to={paths.dashboard.pattern} aria-label="Início">
          <Logo className={styles.logo} />
        </Link>
        <p className={styles.greeting}>{me.data ? `Olá, ${firstName(me.data.name)}!` : 'Olá!'}</p>
        <VehicleSelector />
      </div>
      <nav className={`${styles.desktopNav} desktop-only`} aria-label="Menu principal">
        {links}
      </nav>
      <div
        className={open ? `${styles.menuBackdrop} ${styles.open}` : styles.menuBackdrop}
        onClick={() => setOpen(false)}
        aria-hidden="true"
      />
      {/* Slide-in menu: focus moves in, Esc and a click outside close it, Tab stays inside, focus returns to the burger. */}
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
        <nav
          id="mobile-menu"
          ref={panelRef}
          className={open ? `${styles.mobileMenu} ${styles.open}` : styles.mobileMenu}
          aria-label="Menu"
          aria-hidden={!open}
          inert={!open}
        >
          <div className={styles.mobileMenuHead}>
            <p className={styles.greeting}>{me.data ? `Olá, ${firstName(me.data.name)}!` : 'Olá!'}</p>
            <button type="button" className={styles.iconBtn} aria-label="Fechar menu" onClick={() => setOpen(false)}>
              ✕
            </button>
          </div>
          <VehicleSelector className={styles.menuSelector} />
          {links}
        </nav>
      </FocusTrap>
    </header>
  );
}
