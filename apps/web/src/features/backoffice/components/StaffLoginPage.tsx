import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { StaffLoginBody } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { useStaffLogin } from '../api/staff-login';
import { ConsoleTitle } from './ConsoleTitle';
import styles from './Backoffice.module.css';

/** Staff login: e-mail, password and the authenticator app's code (issue 13 §1). */
export function StaffLoginPage({ notice, onLoggedIn }: { notice?: string | undefined; onLoggedIn?: () => void }) {
  const login = useStaffLogin();
  const form = useForm<z.input<typeof StaffLoginBody>, unknown, z.output<typeof StaffLoginBody>>({
    resolver: zodResolver(StaffLoginBody),
    defaultValues: { email: '', senha: '', codigo: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    login.mutate(body, { onError: () => form.setValue('codigo', ''), onSuccess: () => onLoggedIn?.() }),
  );
  return (
    <main id="conteudo" className={styles.login}>
      <ConsoleTitle title="Entrar">Console Guarita</ConsoleTitle>
      <p>Acesso da equipe: e-mail, senha e o código do aplicativo autenticador.</p>
      {notice && !login.error && <Alert kind="info">{notice}</Alert>}
      {login.error && <Alert>{login.error.message}</Alert>}
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
      </form>
    </main>
  );
}
