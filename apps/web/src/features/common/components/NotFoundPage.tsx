import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/PageTitle';
import { paths } from '../../../lib/paths';

export function NotFoundPage() {
  return (
    <section className="card centered">
      <PageTitle>Página não encontrada</PageTitle>
      <p>O endereço que você tentou acessar não existe ou foi movido.</p>
      <Link className="btn btn-primary" to={paths.home}>
        Ir para a página inicial
      </Link>
    </section>
  );
}

export default NotFoundPage;
