import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { loginChannelFormSchema, loginCodeFormSchema, type Channel, type LoginStartDto } from '@guarita/domain';
import { Button } from '../../../components/ui/Button';
import { MaskedField } from '../../../components/ui/MaskedField';
import { RadioGroup } from '../../../components/ui/RadioGroup';
import { focusOnMount } from './focus-on-mount';

/**
 * Steps 2 and 3 of the login, loaded when step 1 is sent (LoginPage): react-hook-form, zod and react-imask
 * are not part of the home page's first visit (ADR 025).
 */

interface ChannelProps {
  login: LoginStartDto;
  canal: Channel;
  sending: boolean;
  onSend: (canal: Channel) => void;
  onBack: () => void;
}

/** Step 2: where the code goes. */
export function ChannelStep({ login, canal, sending, onSend, onBack }: ChannelProps) {
  const form = useForm<z.input<typeof loginChannelFormSchema>>({
    resolver: zodResolver(loginChannelFormSchema),
    defaultValues: { canal },
  });
  return (
    <form onSubmit={form.handleSubmit(({ canal: chosen }) => onSend(chosen))}>
      <h2 ref={focusOnMount} tabIndex={-1}>
        Onde você quer receber o código?
      </h2>
      <Controller
        name="canal"
        control={form.control}
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
      <Button type="submit" loading={sending}>
        Enviar código
      </Button>
      <Button type="button" variant="link" onClick={onBack}>
        Voltar
      </Button>
    </form>
  );
}

interface CodeProps {
  sentTo: string;
  verifying: boolean;
  resendIn: number;
  onVerify: (codigo: string) => void;
  onResend: () => void;
}

/** Step 3: the code. */
export function CodeStep({ sentTo, verifying, resendIn, onVerify, onResend }: CodeProps) {
  const form = useForm<z.input<typeof loginCodeFormSchema>>({
    resolver: zodResolver(loginCodeFormSchema),
    defaultValues: { codigo: '' },
  });
  return (
    <form onSubmit={form.handleSubmit(({ codigo }) => onVerify(codigo))} noValidate>
      <h2 ref={focusOnMount} tabIndex={-1}>
        Digite o código de validação
      </h2>
      <p>Enviamos um código de 6 dígitos para {sentTo}. Ele vale por 10 minutos.</p>
      <Controller
        name="codigo"
        control={form.control}
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
      <Button type="submit" loading={verifying}>
        Entrar
      </Button>
      <Button type="button" variant="secondary" disabled={resendIn > 0} onClick={onResend}>
        {resendIn > 0 ? `Reenviar código em ${resendIn} s` : 'Reenviar código'}
      </Button>
    </form>
  );
}
