import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  CLAIM_LIMITS,
  claimFormComplete,
  clampClaimDateTime,
  EMPTY_CLAIM_FORM,
  needsOpenProtocol,
  needsThirdPartyContact,
  needsVehicleLocation,
  relevantClaimValues,
  saoPauloDateTime,
  type ClaimFormValues,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { MaskedField } from '../../../components/ui/MaskedField';
import { Select } from '../../../components/ui/Select';
import { TextArea } from '../../../components/ui/TextArea';
import { TextField } from '../../../components/ui/TextField';
import { checksError, lazyResolver } from '../../../lib/on-demand';
import s from './Claims.module.css';

const loadChecks = () => import('./claim-checks');
// zod and the schema come on the form's first touch, or its first check: the page's first load carries neither.
const resolver = lazyResolver(loadChecks, (m) => m.claimResolver);
const warmChecks = () => void loadChecks().catch(() => undefined);

const YES_NO = [
  { value: 'Sim', label: 'Sim' },
  { value: 'Não', label: 'Não' },
];

interface Props {
  reasons: readonly string[];
  sending: boolean;
  onSubmit: (values: ClaimFormValues) => void;
}

/** The claim form (002 §2.2, §5.1): react-hook-form over the domain's claimFormSchema; 'Enviar' enabled only when complete. */
export function ClaimForm({ reasons, sending, onSubmit }: Props) {
  const { register, control, handleSubmit, setValue, getValues, formState } = useForm<ClaimFormValues>({
    resolver,
    defaultValues: EMPTY_CLAIM_FORM,
    mode: 'onTouched',
  });
  const values = useWatch({ control }) as ClaimFormValues;
  const errors = formState.errors;
  const today = saoPauloDateTime(new Date());

  /** A future date resets to today; a later time today resets to now (002 §5.1). */
  const clamp = () => {
    const v = getValues();
    const c = clampClaimDateTime(v.date, v.time, new Date());
    if (c.date !== v.date) setValue('date', c.date, { shouldValidate: true });
    if (c.time !== v.time) setValue('time', c.time, { shouldValidate: true });
  };

  const select = (name: keyof ClaimFormValues, label: string) => (
    <Select label={label} placeholder="Selecione" options={YES_NO} {...register(name)} error={errors[name]?.message} />
  );

  return (
    <form
      className={s.form}
      noValidate
      onFocus={warmChecks}
      onPointerDown={warmChecks}
      onSubmit={handleSubmit((v) => onSubmit(relevantClaimValues(v)))}
    >
      <Select
        label="Motivo"
        placeholder="Selecione o motivo"
        options={reasons.map((r) => ({ value: r, label: r }))}
        {...register('reason')}
        error={errors.reason?.message}
      />
      <TextArea
        label="Descrição do ocorrido"
        maxLength={CLAIM_LIMITS.description}
        counter
        rows={4}
        {...register('description')}
        error={errors.description?.message}
      />
      <TextField label="Local do ocorrido" maxLength={CLAIM_LIMITS.location} {...register('location')} error={errors.location?.message} />
      <TextField
        label="Ponto de referência (opcional)"
        maxLength={CLAIM_LIMITS.referencePoint}
        {...register('referencePoint')}
        error={errors.referencePoint?.message}
      />
      <div className={s.row}>
        <TextField
          label="Data"
          type="date"
          max={today.date}
          {...register('date', { onBlur: clamp, onChange: clamp })}
          error={errors.date?.message}
        />
        <TextField label="Horário" type="time" {...register('time', { onBlur: clamp })} error={errors.time?.message} />
      </div>
      <TextField
        label="Condutor"
        maxLength={CLAIM_LIMITS.driver}
        autoComplete="name"
        {...register('driver')}
        error={errors.driver?.message}
      />
      <div className={s.row}>
        <Controller
          control={control}
          name="driverCPF"
          render={({ field, fieldState }) => (
            <MaskedField
              label="CPF do condutor"
              mask="cpf"
              type="tel"
              placeholder="111.222.333-44"
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="driverContact"
          render={({ field, fieldState }) => (
            <MaskedField
              label="Contato do condutor"
              mask="phone"
              type="tel"
              placeholder="(00) 91234-5678"
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      {select('isVehicleMoving', 'O veículo está se locomovendo?')}
      {needsVehicleLocation(values) && (
        <TextField
          label="Onde o veículo está?"
          maxLength={CLAIM_LIMITS.vehicleLocation}
          {...register('currentVehicleLocation')}
          error={errors.currentVehicleLocation?.message}
        />
      )}
      {select('incidentReportCarriedOut', 'O boletim de ocorrência foi realizado?')}
      {select('involvementWithThirdParties', 'Houve envolvimento com terceiros?')}
      {needsOpenProtocol(values) && select('isOpenProtocolToThirdParties', 'Abrir protocolo para o terceiro?')}
      {needsThirdPartyContact(values) && (
        <Controller
          control={control}
          name="thirdPartyContact"
          render={({ field, fieldState }) => (
            <MaskedField
              label="Contato do terceiro"
              mask="phone"
              type="tel"
              placeholder="(00) 91234-5678"
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      {checksError(errors) && <Alert>{checksError(errors)}</Alert>}
      <Button type="submit" className={s.submit} disabled={!claimFormComplete(values) || sending} loading={sending}>
        Enviar
      </Button>
    </form>
  );
}
