import { Link, Outlet, useLocation } from 'react-router';
import { usePublicConfig } from '../../../api/get-public-config';
import { Logo } from '../../shell/components/Logo';

export const SITE_VERSION = '1.10.2';

/** Public shell: header with customer-area and hire-now links, footer with phones and legal links. */
export function PublicLayout() {
  const cfg = usePublicConfig().data;
  const { pathname } = useLocation();
  return (
    <div className="public-shell">
      <a className="skip-link" href="#conteudo">Ir para o conteúdo</a>
      <header className="public-header">
        <Link to="/" aria-label="Página inicial">
          <Logo name={cfg?.brandName} />
        </Link>
        <nav aria-label="Acesso">
          <Link to="/painel">Área do Cliente</Link>
          <a className="btn btn-primary" href="/checkout">
            Contrate agora
          </a>
        </nav>
      </header>
      <main id="conteudo" className={`public-main ${pathname === '/contato' ? 'no-top-padding' : ''}`} tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="public-footer">
        <nav aria-label="Rodapé">
          <Link to="/duvidas-frequentes">Dúvidas frequentes</Link>
          <Link to="/contato">Fale conosco</Link>
          <a href="/indicacao">Mensalidade zero: indique e ganhe</a>
          <Link to="/politica-de-privacidade">Política de Privacidade</Link>
          <Link to="/termos-de-uso">Termos de Uso</Link>
        </nav>
        {cfg && (
          <ul className="phones" aria-label="Telefones">
            <li>Vendas: {cfg.phoneSales}</li>
            <li>Roubo ou furto: {cfg.phoneTheft}</li>
            <li>Assistência 24h: {cfg.phoneAssistance}</li>
          </ul>
        )}
        <p className="muted">
          © 2020 {cfg?.brandName ?? 'Guarita'} · versão {SITE_VERSION}
        </p>
      </footer>
    </div>
  );
}

export default PublicLayout;
