import { Component, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MSG } from '@guarita/domain';
import { Button } from '../../../components/ui/Button';
import { PageTitle } from '../../../components/ui/PageTitle';

/**
 * A page's code the browser could not download: a module (Chrome, Firefox and Safari word it differently) or its CSS
 * (Vite's preload helper).
 */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);

/** The generic fallback of spec 002 §2.9; the error itself is only logged. */
export function RenderErrorPage({ error }: { error: unknown }) {
  const navigate = useNavigate();
  useEffect(() => console.error(error), [error]);
  if (isChunkLoadError(error)) return <PageLoadFailed />;
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

const BACK_ONLINE_DELAY_MS = 1_000;

/**
 * The page's code did not arrive: say so, and try again on a tap or as soon as the browser is back online (a new
 * navigation to the same address, which the router's lazy page takes as a new try).
 */
function PageLoadFailed() {
  const navigate = useNavigate();
  const location = useLocation();
  const retry = () => void navigate(location, { replace: true });
  useEffect(() => {
    // The browser says "online" a moment before its first request goes through: the try waits a little. (Listening
    // whatever `navigator.onLine` says now: a hook on it would re-render, and drop this listener, before it ran.)
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onOnline = () => {
      timer = setTimeout(() => void navigate(location, { replace: true }), BACK_ONLINE_DELAY_MS);
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      clearTimeout(timer);
    };
  }, [navigate, location]);
  return (
    <main className="card centered" role="alert">
      <PageTitle>{MSG.pageLoadFailedTitle}</PageTitle>
      <p>{MSG.pageLoadFailedText}</p>
      <Button type="button" onClick={retry}>
        Tentar novamente
      </Button>
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The fallback gives way to the routes again when this changes (a navigation, even to the same address). */
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
