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

/**
 * The generic fallback of spec 002 §2.9; the error itself is only logged. Inside a layout (`inPage`) it fills the
 * layout's main area, under its header, menu and emergency lines; above them it is the page's main landmark.
 */
export function RenderErrorPage({ error, inPage = false }: { error: unknown; inPage?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => console.error(error), [error]);
  const Box = inPage ? 'div' : 'main';
  if (isChunkLoadError(error)) {
    return (
      <Box className="card centered" role="alert">
        <PageLoadFailed />
      </Box>
    );
  }
  return (
    <Box className="card centered" role="alert">
      <PageTitle>{MSG.renderErrorTitle}</PageTitle>
      <p>{MSG.renderErrorText}</p>
      <Button type="button" onClick={() => void navigate(-1)}>
        Voltar
      </Button>
    </Box>
  );
}

const BACK_ONLINE_DELAY_MS = 1_000;

/**
 * The page's code did not arrive. A module the browser failed to fetch stays failed for this document (a new
 * `import()` of it fails again), so trying again is loading the address anew: on a tap, or by itself a moment after
 * the browser is back online (it says "online" a little before its first request goes through).
 */
function PageLoadFailed() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onOnline = () => {
      timer = setTimeout(() => window.location.reload(), BACK_ONLINE_DELAY_MS);
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      clearTimeout(timer);
    };
  }, []);
  return (
    <>
      <PageTitle>{MSG.pageLoadFailedTitle}</PageTitle>
      <p>{MSG.pageLoadFailedText}</p>
      {/* Offline, a reload would show the browser's own error page: the page waits for the connection instead. */}
      <Button type="button" onClick={() => navigator.onLine && window.location.reload()}>
        Tentar novamente
      </Button>
    </>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The fallback gives way to the routes again when this changes (a navigation, even to the same address). */
  resetKey: string;
  inPage?: boolean;
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
    return this.state.error != null ? <RenderErrorPage error={this.state.error} inPage={this.props.inPage} /> : this.props.children;
  }
}

/** A layout's page area (its `<Outlet />`): a page that fails shows the fallback there, the layout stays. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary resetKey={key} inPage>
      {children}
    </RouteErrorBoundary>
  );
}

export default RenderErrorPage;
