import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import {
  CODE_RESEND_WAIT_SECONDS,
  MSG,
  secondsUntil,
  documentError,
  loggedInRedirect,
  maskDocumentInput,
  normalizeDocument,
  type Channel,
  type LoginStartDto,
} from '@guarita/domain';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { Alert } from '../../../components/ui/Alert';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useSession } from '../../../lib/use-session';
import { useInBrowser } from '../../../lib/use-in-browser';
import { ApiError } from '../../../lib/api';
import { useStartLogin } from '../api/start-login';
import { useSendCode } from '../api/send-code';
import { useVerifyCode } from '../api/verify-code';

type Step = 1 | 2 | 3;

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError &&
  (err.status === 429 || err.code === 'CODE_EXPIRED' || err.code === 'LOGIN_SESSION_EXPIRED' || err.code === 'CHANNEL_UNAVAILABLE')
    ? err.message
    : fallback;

/** Login at '/': 1 CPF/CNPJ, 2 where to receive the code, 3 the code, 4 redirect. */
export function LoginPage() {
  const { loggedIn } = useSession();
  const location = useLocation();
  const [step, setStep] = useState<Step>(1);
  const [doc, setDoc] = useState('');
  const [docError, setDocError] = useState<string>();
  const [login, setLogin] = useState<LoginStartDto | null>(null);
  const [channel, setChannel] = useState<Channel>('sms');
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const start = useStartLogin();
  const send = useSendCode();
  const verify = useVerifyCode();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const docRef = useRef<HTMLInputElement>(null);
  // Phones open the numeric keypad for CPF and CNPJ; an alphanumeric CNPJ needs letters, by a visible switch.
  const [letters, setLetters] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const resendIn = secondsUntil(resendAt, now);
  const inBrowser = useInBrowser();

  useEffect(() => headingRef.current?.focus(), [step]);
  useEffect(() => {
    if (step !== 3 || resendIn === 0) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [step, resendIn]);

  if (loggedIn) return <Navigate to={loggedInRedirect(location.search)} replace />;

  const submitDocument = (e: FormEvent) => {
    e.preventDefault();
    setAlert(undefined);
    const err = documentError(doc);
    setDocError(err ?? undefined);
    if (err) return;
    start.mutate(normalizeDocument(doc), {
      onSuccess: (res) => {
        setLogin(res);
        setChannel(res.canalPadrao);
        setStep(2);
      },
      onError: (err) => setAlert(errorText(err, MSG.lookupFailed)),
    });
  };

  const submitChannel = (e: FormEvent) => {
    e.preventDefault();
    if (!login) return;
    setAlert(undefined);
    send.mutate(
      { Sessao: login.Sessao, canal: channel },
      {
        onSuccess: (res) => {
          setSentTo(res.destino);
          setCode('');
          setCodeError(undefined);
          const sentAt = Date.now();
          setNow(sentAt);
          setResendAt(sentAt + CODE_RESEND_WAIT_SECONDS * 1000);
          setStep(3);
        },
        onError: (err) => setAlert(errorText(err, MSG.lookupFailed)),
      },
    );
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (!login) return;
    setAlert(undefined);
    if (code.trim() === '') {
      setCodeError(MSG.codeRequired);
      return;
    }
    setCodeError(undefined);
    // On success the session store changes and this page redirects (step 4).
    verify.mutate(
      { Sessao: login.Sessao, CodigoAutenticacao: code.trim() },
      { onError: (err) => setAlert(errorText(err, MSG.codeCheckFailed)) },
    );
  };

  return (
    <section className="login card">
      <PageTitle title="Entrar">Área do Cliente</PageTitle>
      <p className="step-indicator" aria-live="polite">
        Etapa {step} de 3
      </p>
      {alert && <Alert>{alert}</Alert>}

      {step === 1 && (
        <form onSubmit={submitDocument} noValidate>
          <h2 ref={headingRef} tabIndex={-1}>
            Informe seu CPF ou CNPJ
          </h2>
          <TextField
            ref={docRef}
            label="CPF ou CNPJ"
            name="documento"
            inputMode={letters ? 'text' : 'numeric'}
            autoComplete="username"
            autoCapitalize="characters"
            value={doc}
            onChange={(e) => setDoc(maskDocumentInput(e.target.value))}
            error={docError}
            placeholder="000.000.000-00"
          />
          <label className="inline-check">
            <input
              type="checkbox"
              checked={letters}
              onChange={(e) => {
                setLetters(e.target.checked);
                docRef.current?.focus();
              }}
            />
            CNPJ com letras
          </label>
          <Button type="submit" loading={start.isPending} disabled={!inBrowser}>
            Continuar
          </Button>
        </form>
      )}

      {step === 2 && login && (
        <form onSubmit={submitChannel}>
          <h2 ref={headingRef} tabIndex={-1}>
            Onde você quer receber o código?
          </h2>
          <fieldset className="choices">
            <legend>Enviar código de validação por</legend>
            {login.Sms && (
              <label className="choice">
                <input type="radio" name="canal" value="sms" checked={channel === 'sms'} onChange={() => setChannel('sms')} />
                <span>SMS para {login.Sms}</span>
              </label>
            )}
            {login.Email && (
              <label className="choice">
                <input type="radio" name="canal" value="email" checked={channel === 'email'} onChange={() => setChannel('email')} />
                <span>E-mail para {login.Email}</span>
              </label>
            )}
          </fieldset>
          <Button type="submit" loading={send.isPending}>
            Enviar código
          </Button>
          <Button type="button" variant="link" onClick={() => setStep(1)}>
            Voltar
          </Button>
        </form>
      )}

      {step === 3 && login && (
        <form onSubmit={submitCode} noValidate>
          <h2 ref={headingRef} tabIndex={-1}>
            Digite o código de validação
          </h2>
          <p>Enviamos um código de 6 dígitos para {sentTo}. Ele vale por 10 minutos.</p>
          <TextField
            label="Código de validação"
            name="codigo"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            error={codeError}
          />
          <Button type="submit" loading={verify.isPending}>
            Entrar
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={resendIn > 0}
            onClick={() => {
              setAlert(undefined);
              setStep(2);
            }}
          >
            {resendIn > 0 ? `Reenviar código em ${resendIn} s` : 'Reenviar código'}
          </Button>
        </form>
      )}
    </section>
  );
}

export default LoginPage;
