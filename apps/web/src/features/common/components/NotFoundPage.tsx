import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/PageTitle';
import { paths } from '../../../lib/paths';
import { buttonClass } from '../../../components/ui/Button';

export function NotFoundPage() {
  return (
    <section className="card centered">
      <PageTitle>Página não encontrada</PageTitle>
      <p>O endereço que você tentou acessar não existe ou foi movido.</p>
      <Link className={buttonClass('primary')} to={paths.home}>
        Ir para a página inicial
      </Link>
    </section>
  );
}

export default NotFoundPage;
