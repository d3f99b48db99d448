import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { StaffLoginBody } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { useStaffLogin } from '../api/staff-login';
import { useStaffPasskeyLogin } from '../api/staff-passkey';
import { passkeyErrorText } from '../../auth';
import { ConsoleTitle } from './ConsoleTitle';
import styles from './Backoffice.module.css';

/** Staff login: e-mail, password and the authenticator app's code (issue 13 §1). */
export function StaffLoginPage({ notice, onLoggedIn }: { notice?: string | undefined; onLoggedIn?: () => void }) {
  const login = useStaffLogin();
  const form = useForm<z.input<typeof StaffLoginBody>, unknown, z.output<typeof StaffLoginBody>>({
    resolver: zodResolver(StaffLoginBody),
    defaultValues: { email: '', senha: '', codigo: '' },
  });
  const withPasskey = useStaffPasskeyLogin();
  const errors = form.formState.errors;
  // A passkey in place of the code (issue 31): e-mail and password checked as for the code, the authenticator field not.
  const passkey = async () => {
    if (!(await form.trigger(['email', 'senha']))) return;
    const { email, senha } = form.getValues();
    withPasskey.mutate({ email: email.trim().toLowerCase(), senha }, { onSuccess: () => onLoggedIn?.() });
  };
  const failure = login.error?.message ?? (withPasskey.error ? passkeyErrorText(withPasskey.error, 'Não foi possível entrar.') : undefined);
  const submit = form.handleSubmit((body) =>
    login.mutate(body, { onError: () => form.setValue('codigo', ''), onSuccess: () => onLoggedIn?.() }),
  );
  return (
    <main id="conteudo" className={styles.login}>
      <ConsoleTitle title="Entrar">Console Guarita</ConsoleTitle>
      <p>Acesso da equipe: e-mail, senha e o código do aplicativo autenticador.</p>
      {notice && !failure && <Alert kind="info">{notice}</Alert>}
      {failure && <Alert>{failure}</Alert>}
      <form className={styles.stack} onSubmit={submit} noValidate>
        <TextField label="E-mail" type="email" autoComplete="username" error={errors.email?.message} {...form.register('email')} />
        <TextField
          label="Senha"
          type="password"
          autoComplete="current-password"
          error={errors.senha?.message}
          {...form.register('senha')}
        />
        <TextField
          label="Código do autenticador"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.codigo?.message}
          {...form.register('codigo')}
        />
        <Button type="submit" loading={login.isPending}>
          Entrar
        </Button>
        <Button type="button" variant="secondary" loading={withPasskey.isPending} onClick={() => void passkey()}>
          Entrar com chave de acesso (sem código)
        </Button>
      </form>
    </main>
  );
}
