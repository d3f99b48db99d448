import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  CODE_RESEND_WAIT_SECONDS,
  MSG,
  secondsUntil,
  loggedInRedirect,
  loginChannelFormSchema,
  loginCodeFormSchema,
  loginDocumentFormSchema,
  type LoginStartDto,
} from '@guarita/domain';
import { Button } from '../../../components/ui/Button';
import { MaskedField } from '../../../components/ui/MaskedField';
import { Checkbox } from '../../../components/ui/Checkbox';
import { RadioGroup } from '../../../components/ui/RadioGroup';
import { Stepper } from '../../../components/ui/Stepper';
import { Alert } from '../../../components/ui/Alert';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useSession } from '../../../lib/use-session';
import { useInBrowser } from '../../../lib/use-in-browser';
import { ApiError } from '../../../lib/api';
import { useStartLogin } from '../api/start-login';
import { useSendCode } from '../api/send-code';
import { useVerifyCode } from '../api/verify-code';
import styles from './LoginPage.module.css';

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
  const [login, setLogin] = useState<LoginStartDto | null>(null);
  const [sentTo, setSentTo] = useState('');
  const [alert, setAlert] = useState<string>();
  const start = useStartLogin();
  const send = useSendCode();
  const verify = useVerifyCode();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Phones open the numeric keypad for CPF and CNPJ; an alphanumeric CNPJ needs letters, by a visible switch.
  const [letters, setLetters] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const resendIn = secondsUntil(resendAt, now);
  const inBrowser = useInBrowser();

  const docForm = useForm<z.input<typeof loginDocumentFormSchema>, unknown, z.output<typeof loginDocumentFormSchema>>({
    resolver: zodResolver(loginDocumentFormSchema),
    defaultValues: { documento: '' },
  });
  const channelForm = useForm<z.input<typeof loginChannelFormSchema>>({
    resolver: zodResolver(loginChannelFormSchema),
    defaultValues: { canal: 'sms' },
  });
  const codeForm = useForm<z.input<typeof loginCodeFormSchema>>({
    resolver: zodResolver(loginCodeFormSchema),
    defaultValues: { codigo: '' },
  });

  useEffect(() => headingRef.current?.focus(), [step]);
  useEffect(() => {
    if (step !== 3 || resendIn === 0) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [step, resendIn]);

  if (loggedIn) return <Navigate to={loggedInRedirect(location.search)} replace />;

  const submitDocument = docForm.handleSubmit(({ documento }) => {
    setAlert(undefined);
    start.mutate(documento, {
      onSuccess: (res) => {
        setLogin(res);
        channelForm.reset({ canal: res.canalPadrao });
        setStep(2);
      },
      onError: (err) => setAlert(errorText(err, MSG.lookupFailed)),
    });
  });

  const submitChannel = channelForm.handleSubmit(({ canal }) => {
    if (!login) return;
    setAlert(undefined);
    send.mutate(
      { Sessao: login.Sessao, canal },
      {
        onSuccess: (res) => {
          setSentTo(res.destino);
          codeForm.reset({ codigo: '' });
          const sentAt = Date.now();
          setNow(sentAt);
          setResendAt(sentAt + CODE_RESEND_WAIT_SECONDS * 1000);
          setStep(3);
        },
        onError: (err) => setAlert(errorText(err, MSG.lookupFailed)),
      },
    );
  });

  const submitCode = codeForm.handleSubmit(({ codigo }) => {
    if (!login) return;
    setAlert(undefined);
    // On success the session store changes and this page redirects (step 4).
    verify.mutate(
      { Sessao: login.Sessao, CodigoAutenticacao: codigo },
      { onError: (err) => setAlert(errorText(err, MSG.codeCheckFailed)) },
    );
  });

  return (
    <section className={`${styles.login} card`}>
      <PageTitle title="Entrar">Área do Cliente</PageTitle>
      <Stepper current={step} total={3} />
      {alert && <Alert>{alert}</Alert>}

      {step === 1 && (
        <form onSubmit={submitDocument} noValidate>
          <h2 ref={headingRef} tabIndex={-1}>
            Informe seu CPF ou CNPJ
          </h2>
          <Controller
            name="documento"
            control={docForm.control}
            render={({ field, fieldState }) => (
              <MaskedField
                label="CPF ou CNPJ"
                mask="document"
                inputMode={letters ? 'text' : 'numeric'}
                autoComplete="username"
                autoCapitalize="characters"
                placeholder="000.000.000-00"
                {...field}
                error={fieldState.error?.message}
              />
            )}
          />
          <Checkbox
            label="CNPJ com letras"
            className={styles.letters}
            checked={letters}
            onChange={(e) => {
              setLetters(e.target.checked);
              docForm.setFocus('documento');
            }}
          />
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
          <Controller
            name="canal"
            control={channelForm.control}
            render={({ field }) => (
              <RadioGroup
                legend="Enviar código de validação por"
                options={[
                  ...(login.Sms ? [{ value: 'sms' as const, label: `SMS para ${login.Sms}` }] : []),
                  ...(login.Email ? [{ value: 'email' as const, label: `E-mail para ${login.Email}` }] : []),
                ]}
                {...field}
              />
            )}
          />
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
          <Controller
            name="codigo"
            control={codeForm.control}
            render={({ field, fieldState }) => (
              <MaskedField
                label="Código de validação"
                mask="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                {...field}
                error={fieldState.error?.message}
              />
            )}
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
