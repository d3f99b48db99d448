import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import {
  CODE_RESEND_WAIT_SECONDS,
  MSG,
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
import { focusOnMount } from './focus-on-mount';
import { useLoginChallenge } from './LoginChallenge';
import styles from './LoginPage.module.css';

type Step = 1 | 2 | 3;

// Steps 2 and 3 (react-hook-form, zod, react-imask) load when step 1 is sent, not with the home page (ADR 025).
const loadLaterSteps = () => import('./LoginLaterSteps');
const ChannelStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.ChannelStep })));
const CodeStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.CodeStep })));

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
  const documentMessage = submitted ? (documentError(documento) ?? undefined) : undefined;

  useEffect(() => {
    if (step !== 3 || resendIn === 0) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [step, resendIn]);

  // Step 4: the plate's payments, the customer page that sent here (`?voltar=`, a known route only), else the start page.
  if (loggedIn) return <Navigate to={loggedInRedirect(location.search, isCustomerRoute)} replace />;

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
    // On success the session store changes and this page redirects (step 4).
    const { Sessao } = login;
    challenge
      .withChallenge((altcha) => verify.mutateAsync({ Sessao, CodigoAutenticacao: codigo, ...(altcha ? { altcha } : {}) }))
      .catch((err: unknown) => setAlert(errorText(err, MSG.codeCheckFailed)));
  };

  return (
    <section className={`${styles.login} card`}>
      <PageTitle title="Entrar">Área do Cliente</PageTitle>
      <Stepper current={step} total={3} />
      {alert && <Alert>{alert}</Alert>}
      {challenge.element}

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
            autoComplete="username"
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
          <Button type="submit" loading={start.isPending} disabled={!inBrowser}>
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
