import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SSO_MSG, contractIdOf, decodeSsoData, ssoDestination } from '@guarita/domain';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { paths } from '../../../lib/paths';
import { storeTokens } from '../../../lib/session';
import { setSelectedContractId } from '../../../lib/storage';
import { exchangeSsoToken } from '../api/exchange';

/** /sso/{data}: trade the one-time token for our session, then open the requested page. */
export function SsoPage() {
  const { data: raw } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const data = decodeSsoData(raw);
    const destination = data ? ssoDestination(data) : null;
    if (!data || !destination) {
      setFailed(true);
      return;
    }
    let active = true;
    exchangeSsoToken(data.token, contractIdOf(data))
      .then(({ contractId, ...tokens }) => {
        if (!active) return;
        qc.clear(); // nothing cached from a previous customer survives a sign-on
        storeTokens(tokens);
        if (contractId !== null) setSelectedContractId(contractId);
        navigate(destination, { replace: true });
      })
      .catch(() => {
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [raw, navigate, qc]);

  if (failed)
    return (
      <section className="card">
        <PageTitle>{SSO_MSG.failed}</PageTitle>
        <p>
          O link de acesso é inválido, expirou ou já foi usado. <Link to={paths.home}>Entre com seu CPF ou CNPJ</Link>.
        </p>
      </section>
    );
  return <Spinner label={SSO_MSG.working} />;
}

export default SsoPage;
