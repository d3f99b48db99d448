import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { MSG } from '@guarita/domain';
import { Button } from '../../../components/ui/Button';
import { PageTitle } from '../../../components/ui/PageTitle';

/** The generic fallback of spec 002 §2.9; the error itself is only logged. */
export function RenderErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => console.error(error), [error]);
  return (
    <main className="card centered" role="alert">
      <PageTitle>{MSG.renderErrorTitle}</PageTitle>
      <p>{MSG.renderErrorText}</p>
      <Button type="button" onClick={() => navigate(-1)}>
        Voltar
      </Button>
    </main>
  );
}

export default RenderErrorPage;
