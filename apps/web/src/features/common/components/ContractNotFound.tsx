import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { paths } from '../../../lib/paths';

export function ContractNotFound() {
  return (
    <section className="card">
      <Alert>Contrato não encontrado entre os seus contratos.</Alert>
      <Link to={paths.dashboard.pattern}>Voltar ao início</Link>
    </section>
  );
}
