import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type Ref } from 'react';
import { MSG } from '@guarita/domain';
import { ApiError } from '../../../lib/api';
import { loadAltchaWidget, type CaptchaHandle } from '../../public';
import { LOGIN_CHALLENGE_URL } from '../api/login-challenge';
import styles from './LoginPage.module.css';

type WidgetProps = { ref?: Ref<CaptchaHandle>; challengeUrl: string; onChange(payload: string | null): void };

/** Fetched the first time the API asks this device for a challenge; never part of the home page's first load (ADR 025). */
const Widget = lazy<ComponentType<WidgetProps>>(() => loadAltchaWidget());

const noop = () => {};

/** Rendered beside the widget, in its Suspense boundary: its effect runs once the widget (and its ref) is on screen. */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

/** The widget, solving at once; `onDone` gets the solved payload, or null when it could not be solved. */
function SolveChallenge({ onDone }: { onDone: (payload: string | null) => void }) {
  const ref = useRef<CaptchaHandle>(null);
  const onShown = useCallback(() => {
    void (ref.current?.verify() ?? Promise.resolve(null)).then(onDone, () => onDone(null));
  }, [onDone]);
  return (
    <div className={styles.challenge}>
      <p role="status">{MSG.challengeRequired}</p>
      <Suspense fallback={null}>
        <Widget ref={ref} challengeUrl={LOGIN_CHALLENGE_URL} onChange={noop} />
        <Shown onShown={onShown} />
      </Suspense>
    </div>
  );
}

/**
 * Past a per-document limit (many attempts on this CPF/CNPJ from elsewhere) the API answers 429 CHALLENGE_REQUIRED
 * instead of refusing (issue 23, ADR 010): `withChallenge(call)` then shows the ALTCHA widget with the reason, solves
 * its proof of work and makes the same call again with the payload. `element` is where the widget shows.
 */
export function useLoginChallenge() {
  const [pending, setPending] = useState<((payload: string | null) => void) | null>(null);
  const solve = useCallback(() => new Promise<string | null>((resolve) => setPending(() => resolve)), []);
  const onDone = useCallback(
    (payload: string | null) => {
      pending?.(payload);
      setPending(null);
    },
    [pending],
  );

  const withChallenge = useCallback(
    async <R,>(call: (altcha?: string) => Promise<R>): Promise<R> => {
      try {
        return await call();
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'CHALLENGE_REQUIRED')) throw err;
        const altcha = await solve();
        // Not solved (no connection for the challenge, a failed worker): the reason shows, and 'Enviar'/'Entrar' tries again.
        if (!altcha) throw err;
        return call(altcha);
      }
    },
    [solve],
  );

  return { withChallenge, solving: pending !== null, element: pending ? <SolveChallenge onDone={onDone} /> : null };
}
