import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SSO_MSG, contractIdOf, decodeSsoData, ssoDestination } from '@guarita/domain';
import { Spinner } from '../../../components/ui/Spinner';
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
      <section className="card" aria-labelledby="sso-erro">
        <h1 id="sso-erro">{SSO_MSG.failed}</h1>
        <p>
          O link de acesso é inválido, expirou ou já foi usado. <a href="/">Entre com seu CPF ou CNPJ</a>.
        </p>
      </section>
    );
  return <Spinner label={SSO_MSG.working} />;
}

export default SsoPage;
