import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { PageErrorBoundary } from '../../common';
import { usePublicConfig } from '../../../api/get-public-config';
import { Logo } from '../../shell';
import { RouteAnnouncer, useNavigationFocus } from '../../../lib/route-focus';
import { APP_STORES, SOCIAL_LINKS, telHref } from '../links';
import { paths } from '../../../lib/paths';
import { buttonClass } from '../../../components/ui/Button';
import styles from './PublicLayout.module.css';

/** Site version and copyright year shown in the footer (000 §9). */
export const SITE_VERSION = '1.10.2';
export const COPYRIGHT_YEAR = 2020;

const NEW_WINDOW = <span className="sr-only"> (abre em nova janela)</span>;

/** Public shell: header with customer-area and hire-now links, footer with phones, apps, social and legal links (000 §1). */
export function PublicLayout() {
  const cfg = usePublicConfig().data;
  const { pathname } = useLocation();
  const brand = cfg?.brandName ?? 'Guarita';
  useNavigationFocus();
  return (
    <div className={styles.publicShell}>
      <a className="skip-link" href="#conteudo">
        Ir para o conteúdo
      </a>
      <header className={styles.publicHeader}>
        <Link to={paths.home} aria-label={`${brand} — página inicial`}>
          <Logo name={cfg?.brandName} className={styles.logo} />
        </Link>
        <nav aria-label="Acesso" className={styles.publicHeaderNav}>
          <Link to={paths.legacy.panel} className={styles.headerAreaLink}>
            Área do Cliente
          </Link>
          <Link className={buttonClass('primary', styles.headerCta)} to={paths.checkout}>
            Contrate agora
          </Link>
        </nav>
      </header>

      <main
        id="conteudo"
        className={pathname === paths.contact ? `${styles.publicMain} ${styles.noTopPadding}` : styles.publicMain}
        tabIndex={-1}
      >
        <PageErrorBoundary>
          <Outlet />
        </PageErrorBoundary>
      </main>

      <footer className={styles.publicFooter}>
        <div className={styles.footerGrid}>
          <nav aria-labelledby="footer-site" className={styles.footerCol}>
            <h2 id="footer-site">{brand}</h2>
            <ul>
              <li>
                <NavLink to={paths.faq}>Dúvidas frequentes</NavLink>
              </li>
              <li>
                <NavLink to={paths.contact}>Fale conosco</NavLink>
              </li>
              <li>
                <Link to={paths.referral} className={styles.footerReferral}>
                  Mensalidade zero: indique e ganhe
                </Link>
              </li>
              <li>
                <Link to={paths.legacy.panel}>Área do Cliente</Link>
              </li>
            </ul>
          </nav>

          <section aria-labelledby="footer-phones" className={styles.footerCol}>
            <h2 id="footer-phones">Central de atendimento</h2>
            {cfg ? (
              <ul className={styles.phones}>
                <li>
                  <span>Vendas</span> <a href={telHref(cfg.phoneSales)}>{cfg.phoneSales}</a>
                </li>
                <li>
                  <span>Roubo ou furto</span> <a href={telHref(cfg.phoneTheft)}>{cfg.phoneTheft}</a>
                </li>
                <li>
                  <span>Assistência 24h</span> <a href={telHref(cfg.phoneAssistance)}>{cfg.phoneAssistance}</a>
                </li>
              </ul>
            ) : (
              <p className={styles.footerMuted}>Carregando telefones…</p>
            )}
          </section>

          <section aria-labelledby="footer-apps" className={styles.footerCol}>
            <h2 id="footer-apps">Baixe o aplicativo</h2>
            <ul className={styles.storeLinks}>
              {APP_STORES.map((s) => (
                <li key={s.href}>
                  <a className={styles.storeBadge} href={s.href} target="_blank" rel="noopener noreferrer">
                    {s.label}
                    {NEW_WINDOW}
                  </a>
                </li>
              ))}
            </ul>
            <h2 id="footer-social">Redes sociais</h2>
            <ul className={styles.socialLinks} aria-labelledby="footer-social">
              {SOCIAL_LINKS.map((s) => (
                <li key={s.href}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer">
                    {s.label}
                    {NEW_WINDOW}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <div className={styles.footerBottom}>
          <nav aria-label="Documentos legais">
            <Link to={paths.privacy}>Política de Privacidade</Link>
            <Link to={paths.terms}>Termos de Uso</Link>
          </nav>
          <p>
            © {COPYRIGHT_YEAR} {brand}. Todos os direitos reservados. <span className={styles.footerVersion}>Versão {SITE_VERSION}</span>
          </p>
        </div>
      </footer>
      <RouteAnnouncer />
    </div>
  );
}

export default PublicLayout;
