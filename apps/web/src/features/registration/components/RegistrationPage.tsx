import { Link } from 'react-router';
import { formatDocument, formatPhoneBR, formatZip } from '@guarita/domain';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Skeleton } from '../../../components/ui/Skeleton';
import { QueryError } from '../../../components/ui/QueryError';
import { useMe } from '../../../api/get-me';
import { paths } from '../../../lib/paths';
import { buttonClass } from '../../../components/ui/Button';
import { PasskeysSection } from './PasskeysSection';

/** Meu Cadastro: personal data and only the billing (Cobrança) address. */
export function RegistrationPage() {
  const me = useMe();
  if (me.isLoading) return <Skeleton shape="block" label="Carregando…" />;
  if (me.error || !me.data)
    return (
      <div>
        <PageTitle>Meu Cadastro</PageTitle>
        <QueryError error={me.error} onRetry={me.refetch} retrying={me.isFetching} />
      </div>
    );
  const c = me.data;
  const billing = c.addresses.find((a) => a.addressType === 'Cobrança');
  const doc = c.cpf ?? c.cnpj ?? '';
  return (
    <div>
      <PageTitle>Meu Cadastro</PageTitle>
      <div className="grid two">
        <section className="card" aria-labelledby="dados-pessoais">
          <h2 id="dados-pessoais">Dados pessoais</h2>
          <dl className="facts">
            <dt>Nome</dt>
            <dd>{c.name}</dd>
            <dt>E-mail</dt>
            <dd>{c.email ?? 'Não informado'}</dd>
            <dt>Telefone</dt>
            <dd>{c.phone ? formatPhoneBR(c.phone) : 'Não informado'}</dd>
            <dt>{c.cpf ? 'CPF' : 'CNPJ'}</dt>
            <dd>{formatDocument(doc)}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="endereco">
          <h2 id="endereco">Endereço de cobrança</h2>
          {billing ? (
            <address>
              {billing.street}, {billing.streetNo}
              {billing.building ? ` — ${billing.building}` : ''}
              <br />
              {billing.block ? `${billing.block}, ` : ''}
              {billing.city}/{billing.state}
              <br />
              CEP {formatZip(billing.zipCode)}
            </address>
          ) : (
            <p>Nenhum endereço de cobrança cadastrado.</p>
          )}
        </section>
      </div>
      <Link className={buttonClass('primary')} to={`${paths.support.pattern}?area=Alteracao-de-Dados-Cadastrais`}>
        Alterar Dados Cadastrais
      </Link>
      <PasskeysSection />
    </div>
  );
}

export default RegistrationPage;
