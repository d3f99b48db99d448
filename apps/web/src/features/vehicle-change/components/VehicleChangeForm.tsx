import { useEffect, useRef, useState } from 'react';
import { Controller, get, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import {
  checkChassis,
  FIPE_BAND_OPTIONS,
  fipeVerdict,
  reaisToCents,
  todayInSaoPaulo,
  VEHICLE_CHANGE_CASES,
  VEHICLE_MSG,
  VEHICLE_TYPES,
  vehicleYearOptions,
  type FipeVerdict,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { MaskedField } from '../../../components/ui/MaskedField';
import { Modal } from '../../../components/ui/Modal';
import { Select } from '../../../components/ui/Select';
import { Skeleton } from '../../../components/ui/Skeleton';
import { QueryError } from '../../../components/ui/QueryError';
import type { RequestFormProps, SupportFormValues } from '../../support';
import { useRestrictions } from '../api/get-restrictions';
import { useBrands } from '../api/list-brands';
import { useModels } from '../api/list-models';
import { usePlateLookup } from '../api/lookup-plate';
import { NoOnlineChangeModal } from './NoOnlineChangeModal';
import styles from './VehicleChangeForm.module.css';

/** Plate lookup debounce after leaving the field (002 §9). */
export const PLATE_LOOKUP_DEBOUNCE_MS = 300;

/** The 150–200 thousand notice (001 §2, 002 §8; the spec describes it, these words are ours). */
export const LIMITED_NOTICE =
  'Para veículos entre R$ 150.000 e R$ 200.000 o plano se ajusta: furto, roubo e perda total ficam limitados a R$ 150.000, ' +
  'com assistência 24 horas e carro reserva.';

/** Numbers from a select; an empty choice is not sent (the schema answers 'Selecione uma opção'). */
const numberOrUndefined = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const bandOptions = FIPE_BAND_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }));
const typeOptions = VEHICLE_TYPES.map((t) => ({ value: t.code, label: t.label }));

/** What the plate lookup means for the form: a verdict, or null while nothing was looked up. */
function plateVerdict(lookup: ReturnType<typeof usePlateLookup>): FipeVerdict | null {
  if (lookup.isError) return { kind: 'not-found' };
  if (!lookup.data) return null;
  const v = lookup.data;
  return fipeVerdict({ valor: v.Fipe.Valor === null ? null : reaisToCents(v.Fipe.Valor), permitido: v.Permitido });
}

/**
 * 'Troca de Veículo / Correção de Placa' (001 §2, §5; 002 §5.3, §8): plate looked up 300 ms after leaving the field,
 * or 'Veículo não emplacado' with chassis, brand, model and year; vehicle type, FIPE range, agreement. The server
 * prices the vehicle itself (Cotacao__c); the modals here only explain its answers early.
 */
export function VehicleChangeForm({ contract, pending, send }: RequestFormProps) {
  const restrictions = useRestrictions(contract.nCtrId);
  const { control, register, setValue, formState } = useFormContext<SupportFormValues>();
  const errorOf = (path: string) => (get(formState.errors, path) as FieldError | undefined)?.message;
  const [naoEmplacado, marca, modelo, faixaFipe, aceite, chassi] = useWatch({
    control,
    name: ['naoEmplacado', 'marca', 'modelo', 'faixaFipe', 'aceite', 'chassi'],
  }) as [boolean | undefined, string | undefined, string | undefined, number | undefined, boolean | undefined, string | undefined];
  const [lookedUp, setLookedUp] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lookup = usePlateLookup(naoEmplacado ? '' : lookedUp);
  const verdict = naoEmplacado ? null : plateVerdict(lookup);
  const brands = useBrands(naoEmplacado === true);
  const models = useModels(naoEmplacado ? (marca ?? '') : '');
  const chosenModel = models.data?.modelos.find((m) => m.Codigo === modelo);
  const [modal, setModal] = useState<'not-found' | 'not-permitted' | null>(null);
  const [cobreOpen, setCobreOpen] = useState(true);

  useEffect(() => () => clearTimeout(timer.current), []);
  // A new answer: open its modal and preselect the FIPE range the server will price.
  useEffect(() => {
    if (verdict?.kind === 'not-found' || verdict?.kind === 'not-permitted') setModal(verdict.kind);
    if (verdict?.kind === 'ok') setValue('faixaFipe', verdict.band);
    if (verdict?.kind === 'limited') setValue('faixaFipe', 200);
  }, [lookup.data, lookup.isError]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (chosenModel && !chosenModel.Permitido) setModal('not-permitted');
  }, [chosenModel]);

  if (restrictions.isLoading) return <Skeleton shape="block" label="Carregando…" />;
  // Which rules apply is unknown: say so and offer to ask again, rather than a form the server may refuse.
  if (restrictions.error)
    return <QueryError error={restrictions.error} onRetry={() => restrictions.refetch()} retrying={restrictions.isRefetching} />;
  const r = restrictions.data?.trocaVeiculo;
  if (r?.bloqueio) return <Alert>{r.bloqueio}</Alert>;
  if (r?.cobre) return <NoOnlineChangeModal nCtrId={contract.nCtrId} open={cobreOpen} onClose={() => setCobreOpen(false)} />;

  // Toggling 'Veículo não emplacado' clears every vehicle field: the plate or the chassis/brand/model/year fields
  // unmount (the page's form unregisters them); type and FIPE range stay on screen and are emptied here.
  const toggle = () => {
    clearTimeout(timer.current);
    setLookedUp('');
    setValue('tipoVeiculo', '' as never);
    setValue('faixaFipe', undefined as never);
  };
  const onPlateBlur = (plate: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLookedUp(plate), PLATE_LOOKUP_DEBOUNCE_MS);
  };
  const refused = verdict !== null && verdict.kind !== 'ok' && verdict.kind !== 'limited';
  const modelRefused = naoEmplacado === true && chosenModel !== undefined && !chosenModel.Permitido;
  const limited = verdict?.kind === 'limited' || Number(faixaFipe) === 200;
  const chassis = checkChassis(chassi ?? '');

  return (
    <form noValidate onSubmit={send([])} aria-label="Troca de Veículo / Correção de Placa" className={styles.form}>
      <Select label="Caso" placeholder="Selecione" options={opts(VEHICLE_CHANGE_CASES)} {...register('caso')} error={errorOf('caso')} />
      <Checkbox label={VEHICLE_MSG.unplated} {...register('naoEmplacado', { value: false, onChange: toggle })} />

      {!naoEmplacado && (
        <>
          <Controller
            control={control}
            name="placa"
            render={({ field }) => (
              <MaskedField
                label="Placa"
                mask="plate"
                value={(field.value as string | undefined) ?? ''}
                onChange={field.onChange}
                onBlur={() => {
                  field.onBlur();
                  onPlateBlur((field.value as string | undefined) ?? '');
                }}
                error={errorOf('placa')}
              />
            )}
          />
          {lookup.isFetching && <p className="muted">Consultando a placa…</p>}
          {lookup.data && (
            <dl className="facts" aria-label="Veículo encontrado">
              <dt>Veículo</dt>
              <dd>
                {lookup.data.Fabricante} {lookup.data.Modelo}
              </dd>
              <dt>Ano</dt>
              <dd>
                {lookup.data.Ano}/{lookup.data.AnoModelo}
              </dd>
              <dt>Cor</dt>
              <dd>{lookup.data.Cor}</dd>
              {lookup.data.Fipe.Valor !== null && (
                <>
                  <dt>Valor FIPE</dt>
                  <dd>{lookup.data.Fipe.Valor.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })}</dd>
                </>
              )}
            </dl>
          )}
          {verdict?.kind === 'not-permitted' && (
            <Alert>
              <strong>{VEHICLE_MSG.notAccepted}</strong>: {VEHICLE_MSG.notPermittedText}
            </Alert>
          )}
          {verdict?.kind === 'above-max' && <Alert>{VEHICLE_MSG.fipeAboveMax}</Alert>}
        </>
      )}

      {naoEmplacado && (
        <>
          <Controller
            control={control}
            name="chassi"
            render={({ field }) => (
              <MaskedField
                label="Chassi"
                mask="chassis"
                value={(field.value as string | undefined) ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errorOf('chassi') ?? (chassis.status === 'repeated' || chassis.status === 'invalid' ? chassis.message : undefined)}
                hint={chassis.status === 'valid' ? chassis.message : undefined}
              />
            )}
          />
          <Select
            label="Marca"
            placeholder="Selecione"
            options={(brands.data?.marcas ?? []).map((b) => ({ value: b.Codigo, label: b.Nome }))}
            {...register('marca', { setValueAs: emptyToUndefined, onChange: () => setValue('modelo', undefined as never) })}
            error={errorOf('marca') ?? (brands.isError ? VEHICLE_MSG.brandsFailed : undefined)}
          />
          <Select
            label="Modelo"
            placeholder="Selecione"
            disabled={!marca}
            options={(models.data?.modelos ?? []).map((m) => ({ value: m.Codigo, label: m.Nome }))}
            {...register('modelo', { setValueAs: emptyToUndefined })}
            error={
              errorOf('modelo') ?? (models.isError ? VEHICLE_MSG.modelsFailed : modelRefused ? VEHICLE_MSG.notPermittedShort : undefined)
            }
          />
          <Select
            label="Ano"
            placeholder="Selecione"
            options={vehicleYearOptions(todayInSaoPaulo()).map((y) => ({ value: String(y), label: String(y) }))}
            {...register('ano', { setValueAs: numberOrUndefined })}
            error={errorOf('ano')}
          />
        </>
      )}

      <Select
        label="Tipo de veículo"
        placeholder="Selecione"
        options={typeOptions}
        {...register('tipoVeiculo')}
        error={errorOf('tipoVeiculo')}
      />
      <Select
        label="Faixa FIPE"
        placeholder="Selecione"
        options={bandOptions}
        {...register('faixaFipe', { setValueAs: numberOrUndefined })}
        error={errorOf('faixaFipe')}
      />
      {limited && <Alert kind="info">{LIMITED_NOTICE}</Alert>}

      <Checkbox label={VEHICLE_MSG.agreement} {...register('aceite')} error={errorOf('aceite')} />
      <Button type="submit" loading={pending} disabled={!aceite || (!naoEmplacado && refused) || modelRefused}>
        Enviar solicitação
      </Button>

      <Modal
        open={modal === 'not-found'}
        title={VEHICLE_MSG.fipeNotFoundTitle}
        tone="error"
        onClose={() => setModal(null)}
        actions={<Button onClick={() => setModal(null)}>Voltar</Button>}
      >
        <p>{VEHICLE_MSG.fipeNotFoundText}</p>
      </Modal>
      <Modal
        open={modal === 'not-permitted'}
        title={VEHICLE_MSG.notPermittedTitle}
        tone="error"
        onClose={() => setModal(null)}
        actions={<Button onClick={() => setModal(null)}>Voltar</Button>}
      >
        <p>{VEHICLE_MSG.notPermittedText}</p>
      </Modal>
    </form>
  );
}
