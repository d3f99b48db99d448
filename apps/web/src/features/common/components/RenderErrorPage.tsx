import { Component, useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@guarita/domain';
import { Button } from '../../../components/ui/Button';
import { PageTitle } from '../../../components/ui/PageTitle';

/** The generic fallback of spec 002 §2.9; the error itself is only logged. */
export function RenderErrorPage({ error }: { error: unknown }) {
  const navigate = useNavigate();
  useEffect(() => console.error(error), [error]);
  return (
    <main className="card centered" role="alert">
      <PageTitle>{MSG.renderErrorTitle}</PageTitle>
      <p>{MSG.renderErrorText}</p>
      <Button type="button" onClick={() => void navigate(-1)}>
        Voltar
      </Button>
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The fallback gives way to the routes again when this changes (the customer navigated elsewhere). */
  resetKey: string;
}

/** Catches a render error (or a page module that failed to load) below it and shows `RenderErrorPage`. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; failedAt: string | null }> {
  override state = { error: null as unknown, failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; failedAt: string | null }) {
    if (state.failedAt === null && state.error != null) return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { error: null, failedAt: null };
    return null;
  }

  override render() {
    return this.state.error != null ? <RenderErrorPage error={this.state.error} /> : this.props.children;
  }
}

export default RenderErrorPage;
