import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { usePublicConfig } from '../../../api/get-public-config';
import { Logo } from '../../shell/components/Logo';
import { RouteAnnouncer, useNavigationFocus } from '../../../lib/route-focus';
import { APP_STORES, SOCIAL_LINKS, telHref } from '../links';
import { paths } from '../../../lib/paths';

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
    <div className="public-shell">
      <a className="skip-link" href="#conteudo">
        Ir para o conteúdo
      </a>
      <header className="public-header">
        <Link to={paths.home} aria-label={`${brand} — página inicial`}>
          <Logo name={cfg?.brandName} />
        </Link>
        <nav aria-label="Acesso" className="public-header-nav">
          <Link to={paths.legacy.panel} className="header-area-link">
            Área do Cliente
          </Link>
          <Link className="btn btn-primary header-cta" to={paths.checkout}>
            Contrate agora
          </Link>
        </nav>
      </header>

      <main id="conteudo" className={`public-main ${pathname === paths.contact ? 'no-top-padding' : ''}`} tabIndex={-1}>
        <Outlet />
      </main>

      <footer className="public-footer">
        <div className="footer-grid">
          <nav aria-labelledby="footer-site" className="footer-col">
            <h2 id="footer-site">{brand}</h2>
            <ul>
              <li>
                <NavLink to={paths.faq}>Dúvidas frequentes</NavLink>
              </li>
              <li>
                <NavLink to={paths.contact}>Fale conosco</NavLink>
              </li>
              <li>
                <Link to={paths.referral} className="footer-referral">
                  Mensalidade zero: indique e ganhe
                </Link>
              </li>
              <li>
                <Link to={paths.legacy.panel}>Área do Cliente</Link>
              </li>
            </ul>
          </nav>

          <section aria-labelledby="footer-phones" className="footer-col">
            <h2 id="footer-phones">Central de atendimento</h2>
            {cfg ? (
              <ul className="phones">
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
              <p className="footer-muted">Carregando telefones…</p>
            )}
          </section>

          <section aria-labelledby="footer-apps" className="footer-col">
            <h2 id="footer-apps">Baixe o aplicativo</h2>
            <ul className="store-links">
              {APP_STORES.map((s) => (
                <li key={s.href}>
                  <a className="store-badge" href={s.href} target="_blank" rel="noopener noreferrer">
                    {s.label}
                    {NEW_WINDOW}
                  </a>
                </li>
              ))}
            </ul>
            <h2 id="footer-social">Redes sociais</h2>
            <ul className="social-links" aria-labelledby="footer-social">
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

        <div className="footer-bottom">
          <nav aria-label="Documentos legais">
            <Link to={paths.privacy}>Política de Privacidade</Link>
            <Link to={paths.terms}>Termos de Uso</Link>
          </nav>
          <p>
            © {COPYRIGHT_YEAR} {brand}. Todos os direitos reservados. <span className="footer-version">Versão {SITE_VERSION}</span>
          </p>
        </div>
      </footer>
      <RouteAnnouncer />
    </div>
  );
}

export default PublicLayout;
