import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { MSG } from '@guarita/domain';

/** The generic fallback of spec 002 §2.9; the error itself is only logged. */
export function RenderErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => console.error(error), [error]);
  return (
    <main className="card centered" role="alert">
      <h1 className="page-title">{MSG.renderErrorTitle}</h1>
      <p>{MSG.renderErrorText}</p>
      <button type="button" className="btn btn-primary" onClick={() => navigate(-1)}>
        Voltar
      </button>
    </main>
  );
}

export default RenderErrorPage;
