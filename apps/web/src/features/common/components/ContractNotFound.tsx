import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert';

export function ContractNotFound() {
  return (
    <section className="card">
      <Alert>Contrato não encontrado entre os seus contratos.</Alert>
      <Link to="/dashboard">Voltar ao início</Link>
    </section>
  );
}
