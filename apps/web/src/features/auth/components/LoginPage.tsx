import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import {
  CODE_RESEND_WAIT_SECONDS,
  MSG,
  PASSKEY_MSG,
  documentError,
  normalizeDocument,
  secondsUntil,
  loggedInRedirect,
  type Channel,
  type LoginStartDto,
} from '@guarita/domain';
import { Button } from '../../../components/ui/Button';
import { PatternField } from '../../../components/ui/PatternField';
import { Checkbox } from '../../../components/ui/Checkbox';
import { Stepper } from '../../../components/ui/Stepper';
import { Alert } from '../../../components/ui/Alert';
import { Spinner } from '../../../components/ui/Spinner';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useSession } from '../../../lib/use-session';
import { isCustomerRoute } from '../../../lib/paths';
import { useInBrowser } from '../../../lib/use-in-browser';
import { ApiError } from '../../../lib/api';
import { useStartLogin } from '../api/start-login';
import { useSendCode } from '../api/send-code';
import { useVerifyCode } from '../api/verify-code';
import { passkeyDeclined, passkeyHere, platformPasskeyAvailable, rememberPasskeyHere, webAuthnAvailable } from '../api/passkey-device';
import { passkeyErrorText } from './passkey-errors';
import { focusOnMount } from './focus-on-mount';
import { useLoginChallenge } from './LoginChallenge';
import styles from './LoginPage.module.css';

type Step = 1 | 2 | 3;

// Steps 2 and 3 (react-hook-form, zod, react-imask) load when step 1 is sent, not with the home page (ADR 025).
const loadLaterSteps = () => import('./LoginLaterSteps');
const ChannelStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.ChannelStep })));
const CodeStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.CodeStep })));
// The passkey offer after a code login, and the WebAuthn library, load only when used (issue 31).
const PasskeyOffer = lazy(() => import('./PasskeyOffer'));
const loadPasskeyLogin = () => import('../api/passkey-login');

/**
 * The passkey offer is due after this code login. Module state, not component state: when the login lands, '/' swaps
 * the home page's layout for the bare login (HomeOrLogin) and this page mounts anew.
 */
let offerAfterLogin = false;

/** Conditional UI: the browser can list this site's passkeys in the CPF field's autofill. */
async function autofillAvailable(): Promise<boolean> {
  if (!webAuthnAvailable()) return false;
  try {
    return (await PublicKeyCredential.isConditionalMediationAvailable?.()) ?? false;
  } catch {
    return false;
  }
}

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError &&
  (err.status === 429 ||
    err.code.startsWith('CAPTCHA_') ||
    err.code === 'CODE_EXPIRED' ||
    err.code === 'LOGIN_SESSION_EXPIRED' ||
    err.code === 'CHANNEL_UNAVAILABLE')
    ? err.message
    : fallback;

/**
 * Login at '/': 1 CPF/CNPJ, 2 where to receive the code, 3 the code, 4 redirect. Step 1 is on the prerendered
 * home page's first screen, so it is a plain form checked by the domain's `documentError` (the rule of
 * `loginDocumentFormSchema`) instead of react-hook-form + zod (ADR 025); it behaves as those forms do: the
 * message appears on submit, then follows every change.
 */
export function LoginPage() {
  const { loggedIn } = useSession();
  const location = useLocation();
  const [step, setStep] = useState<Step>(1);
  const [login, setLogin] = useState<LoginStartDto | null>(null);
  const [documento, setDocumento] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [canal, setCanal] = useState<Channel>('sms');
  const [sentTo, setSentTo] = useState('');
  const [alert, setAlert] = useState<string>();
  const start = useStartLogin();
  const send = useSendCode();
  const verify = useVerifyCode();
  const challenge = useLoginChallenge();
  const documentRef = useRef<HTMLInputElement>(null);
  // Phones open the numeric keypad for CPF and CNPJ; an alphanumeric CNPJ needs letters, by a visible switch.
  const [letters, setLetters] = useState(false);
  const lettersRef = useRef<HTMLInputElement>(null);
  // Ticked on the prerendered page before React hydrated: the switch (and the keyboard it picks) follows the box,
  // and the customer goes back to the field as when it is ticked later.
  useLayoutEffect(() => {
    const box = lettersRef.current;
    if (!box?.checked) return;
    setLetters(true);
    if (document.activeElement === box) documentRef.current?.focus();
  }, []);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const resendIn = secondsUntil(resendAt, now);
  const inBrowser = useInBrowser();
  // Passkeys (issue 31): offered first where this browser used one before; offered after a code login where the
  // device can make one; waiting in the CPF field's autofill wherever the browser supports it.
  const [passkeyFirst, setPasskeyFirst] = useState(false);
  const [canOffer, setCanOffer] = useState(false);
  const [offering, setOfferingState] = useState(() => offerAfterLogin);
  const setOffering = (on: boolean) => {
    offerAfterLogin = on;
    setOfferingState(on);
  };
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  useEffect(() => {
    if (!inBrowser) return;
    setPasskeyFirst(webAuthnAvailable() && passkeyHere());
    if (!passkeyHere() && !passkeyDeclined()) void platformPasskeyAvailable().then(setCanOffer);
  }, [inBrowser]);
  useEffect(() => {
    if (!inBrowser || step !== 1 || loggedIn) return;
    let active = true;
    void autofillAvailable().then(async (ok) => {
      if (!ok || !active) return;
      const m = await loadPasskeyLogin();
      // Picked in the autofill: the session store changes and this page redirects. Aborted or refused: the code stays.
      m.loginWithPasskey(true).catch((err: unknown) => {
        if (active && err instanceof ApiError) setAlert(passkeyErrorText(err, PASSKEY_MSG.loginFailed));
      });
    });
    return () => {
      active = false;
      void loadPasskeyLogin().then((m) => m.cancelPasskeyCeremony());
    };
  }, [inBrowser, step, loggedIn]);
  const documentMessage = submitted ? (documentError(documento) ?? undefined) : undefined;

  useEffect(() => {
    if (step !== 3 || resendIn === 0) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [step, resendIn]);

  // Step 4: the plate's payments, the customer page that sent here (`?voltar=`, a known route only), else the start page.
  if (loggedIn && offering)
    return (
      <section className={`${styles.login} card`}>
        <PageTitle title="Entrar">Área do Cliente</PageTitle>
        <Suspense fallback={<Spinner />}>
          <PasskeyOffer onDone={() => setOffering(false)} />
        </Suspense>
      </section>
    );
  if (loggedIn) return <Navigate to={loggedInRedirect(location.search, isCustomerRoute)} replace />;

  const passkeyLogin = () => {
    setAlert(undefined);
    setPasskeyBusy(true);
    loadPasskeyLogin()
      .then((m) => m.loginWithPasskey(false))
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.code === 'PASSKEY_UNKNOWN') {
          rememberPasskeyHere(false);
          setPasskeyFirst(false);
        }
        setAlert(passkeyErrorText(err, PASSKEY_MSG.loginFailed));
      })
      .finally(() => setPasskeyBusy(false));
  };

  const submitDocument = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (documentError(documento)) {
      documentRef.current?.focus();
      return;
    }
    setAlert(undefined);
    void loadLaterSteps(); // while the API answers
    start.mutate(normalizeDocument(documento), {
      onSuccess: (res) => {
        setLogin(res);
        setCanal(res.canalPadrao);
        setStep(2);
      },
      onError: (err) => setAlert(errorText(err, MSG.lookupFailed)),
    });
  };

  const sendTo = (chosen: Channel) => {
    if (!login) return;
    setAlert(undefined);
    setCanal(chosen);
    const { Sessao } = login;
    challenge
      .withChallenge((altcha) => send.mutateAsync({ Sessao, canal: chosen, ...(altcha ? { altcha } : {}) }))
      .then(
        (res) => {
          setSentTo(res.destino);
          const sentAt = Date.now();
          setNow(sentAt);
          setResendAt(sentAt + CODE_RESEND_WAIT_SECONDS * 1000);
          setStep(3);
        },
        (err: unknown) => setAlert(errorText(err, MSG.lookupFailed)),
      );
  };

  const verifyCode = (codigo: string) => {
    if (!login) return;
    setAlert(undefined);
    // On success the session store changes and this page redirects (step 4), after offering a passkey if it can.
    const { Sessao } = login;
    setOffering(canOffer);
    challenge
      .withChallenge((altcha) => verify.mutateAsync({ Sessao, CodigoAutenticacao: codigo, ...(altcha ? { altcha } : {}) }))
      .catch((err: unknown) => {
        setOffering(false);
        setAlert(errorText(err, MSG.codeCheckFailed));
      });
  };

  return (
    <section className={`${styles.login} card`}>
      <PageTitle title="Entrar">Área do Cliente</PageTitle>
      <Stepper current={step} total={3} />
      {alert && <Alert>{alert}</Alert>}
      {challenge.element}

      {step === 1 && passkeyFirst && (
        <div className={styles.passkey}>
          <Button onClick={passkeyLogin} loading={passkeyBusy}>
            Entrar com biometria
          </Button>
          <p className={styles.or}>ou entre com o código enviado por SMS ou e-mail</p>
        </div>
      )}

      {step === 1 && (
        <form onSubmit={submitDocument} noValidate>
          <h2 ref={focusOnMount} tabIndex={-1}>
            Informe seu CPF ou CNPJ
          </h2>
          <PatternField
            ref={documentRef}
            label="CPF ou CNPJ"
            mask="document"
            name="documento"
            inputMode={letters ? 'text' : 'numeric'}
            autoComplete="username webauthn"
            autoCapitalize="characters"
            placeholder="000.000.000-00"
            value={documento}
            onChange={setDocumento}
            error={documentMessage}
          />
          <Checkbox
            ref={lettersRef}
            label="CNPJ com letras"
            className={styles.letters}
            checked={letters}
            onChange={(e) => {
              setLetters(e.target.checked);
              documentRef.current?.focus();
            }}
          />
          <Button type="submit" variant={passkeyFirst ? 'secondary' : 'primary'} loading={start.isPending} disabled={!inBrowser}>
            Continuar
          </Button>
        </form>
      )}

      <Suspense fallback={<Spinner />}>
        {step === 2 && login && (
          <ChannelStep
            login={login}
            canal={canal}
            sending={send.isPending || challenge.solving}
            onSend={sendTo}
            onBack={() => setStep(1)}
          />
        )}
        {step === 3 && login && (
          <CodeStep
            sentTo={sentTo}
            verifying={verify.isPending || challenge.solving}
            resendIn={resendIn}
            onVerify={verifyCode}
            onResend={() => {
              setAlert(undefined);
              setStep(2);
            }}
          />
        )}
      </Suspense>
    </section>
  );
}

export default LoginPage;
