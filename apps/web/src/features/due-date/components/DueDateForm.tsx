import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  contactPhoneSchema,
  DUE_DATE_MSG,
  DUE_DAY_MAX,
  dueDateFormSchema,
  formatIsoDate,
  formatMoney,
  PLAN_CHANGE_MSG,
  SUPPORT_MSG,
  type ContractId,
  type DueDateForm as DueDateFormValues,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { Modal } from '../../../components/ui/Modal';
import { QueryError } from '../../../components/ui/QueryError';
import { ApiError, apiErrorText } from '../../../lib/api';
import { useDueDateSimulation } from '../api/simulate-due-date';
import { useRequestDueDate } from '../api/request-due-date';
import s from './DueDateForm.module.css';

/** The calendar closes 550 ms after Ok (001 §4 'Calendar': closing delays of 500 to 600 ms). */
export const CALENDAR_CLOSE_MS = 550;

export interface DueDateFormProps {
  nCtrId: ContractId;
  /** the contract's current due day and monthly fee */
  dueDay: number;
  monthlyFee: number;
  /** the support page's contact phone */
  telefone: string;
  onPhoneError: (message: string | null) => void;
}

type Outcome = { ok: true; caseNumber: string; dia: number } | { ok: false; message: string; detail?: string };

/**
 * Alteração de Vencimento (001 §2, §3, §4): current day, the 1–30 picker (Limpar, Cancelar, Ok), monthly value and,
 * for another day, the server's pro-rata of the coming bill and the following months, the 'Ajuste de fatura'
 * explanation, next due date, agreement, 'Confirmar alteração'. After success: the request, pending staff approval, with its
 * protocol; the contract's day is unchanged until then.
 */
export function DueDateForm({ nCtrId, dueDay, monthlyFee, telefone, onPhoneError }: DueDateFormProps) {
  const {
    control,
    handleSubmit,
    watch,
    setValue,
    trigger,
    formState: { errors },
  } = useForm<{ dia: number | null; aceite: boolean }, unknown, DueDateFormValues>({
    resolver: zodResolver(dueDateFormSchema) as never,
    defaultValues: { dia: null, aceite: false },
  });
  const dia = watch('dia');
  const sim = useDueDateSimulation(nCtrId, dia);
  const send = useRequestDueDate(nCtrId);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [adjustOpen, setAdjustOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = (v: DueDateFormValues) => {
    const phone = contactPhoneSchema.safeParse(telefone);
    if (!phone.success) return onPhoneError(phone.error.issues[0]?.message ?? SUPPORT_MSG.invalidMobile);
    onPhoneError(null);
    setOutcome(null);
    send.send(
      { dia: v.dia, telefone },
      {
        onSuccess: (created) => setOutcome({ ok: true, caseNumber: created.CaseNumber, dia: v.dia }),
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409)
            return setOutcome({ ok: false, message: apiErrorText(err, DUE_DATE_MSG.duplicate) });
          setOutcome({ ok: false, message: DUE_DATE_MSG.unexpected, detail: apiErrorText(err, DUE_DATE_MSG.unexpectedResult) });
        },
      },
    );
  };

  const other = dia !== null && dia !== dueDay && sim.data?.dia === dia ? sim.data : null;
  // Sent: a request staff approve, not a change made. The contract keeps its day (a reload says the same) and the
  // request shows as pending with its protocol; nothing here can send it again (issue 24 item 15).
  if (outcome?.ok)
    return (
      <div className={s.form}>
        <p>
          Vencimento atual: <strong>dia {dueDay}</strong>
        </p>
        <div role="status" className={s.success}>
          <p>
            <strong>{DUE_DATE_MSG.success}</strong> Protocolo da solicitação: {outcome.caseNumber}
          </p>
          <p>{DUE_DATE_MSG.pending(outcome.dia, dueDay)}</p>
        </div>
      </div>
    );
  return (
    <form className={s.form} onSubmit={handleSubmit(submit)} noValidate>
      <p>
        Vencimento atual: <strong>dia {dueDay}</strong>
      </p>
      <div>
        <Button type="button" variant="secondary" onClick={() => setCalendarOpen(true)} aria-haspopup="dialog">
          {dia === null ? 'Escolher novo dia de vencimento' : `Novo dia de vencimento: ${dia}`}
        </Button>
        {errors.dia && (
          <p className={s.error} role="alert">
            {errors.dia.message}
          </p>
        )}
      </div>
      <p>
        Valor da mensalidade: <strong>{formatMoney(monthlyFee)}</strong>
      </p>
      {other && (
        <div className={s.figures} aria-live="polite">
          <p>
            Próxima fatura (valor proporcional): <strong>{formatMoney(other.valorProximaFatura)}</strong>
          </p>
          <p>
            Demais meses: <strong>{formatMoney(other.valorMensalidade)}</strong>
          </p>
          <p>
            Próximo vencimento: <strong>{formatIsoDate(other.proximoVencimento)}</strong>
          </p>
          <Button type="button" variant="link" onClick={() => setAdjustOpen(true)}>
            Entenda o ajuste de fatura
          </Button>
        </div>
      )}
      {sim.error && (
        <QueryError
          error={sim.error}
          message={apiErrorText(sim.error, DUE_DATE_MSG.unexpected)}
          onRetry={() => sim.refetch()}
          retrying={sim.isRefetching}
        />
      )}
      <Controller
        control={control}
        name="aceite"
        render={({ field, fieldState }) => (
          <Checkbox
            label={PLAN_CHANGE_MSG.agreement}
            checked={field.value}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      {outcome && !outcome.ok && (
        <Alert>
          {outcome.message}
          {outcome.detail ? ` ${outcome.detail}` : ''}
        </Alert>
      )}
      <Button type="submit" loading={send.isPending}>
        {PLAN_CHANGE_MSG.confirm}
      </Button>

      <DayPicker
        open={calendarOpen}
        value={dia}
        onClose={() => setCalendarOpen(false)}
        onChoose={(d) => {
          setValue('dia', d);
          // Only the day's own message ('Insira a nova data…') is revisited: the agreement is said on submit, not now.
          if (d !== null) void trigger('dia');
        }}
      />
      <Modal
        open={adjustOpen}
        title={DUE_DATE_MSG.adjustmentTitle}
        onClose={() => setAdjustOpen(false)}
        actions={
          <Button type="button" onClick={() => setAdjustOpen(false)}>
            Entendi
          </Button>
        }
      >
        {other && (
          <>
            <p>
              Ao mudar o vencimento do dia {dueDay} para o dia {other.dia}, a próxima fatura cobre {other.diasProporcionais} dias a{' '}
              {other.valorAcrescimo > 0 ? 'mais' : 'menos'} que um mês.
            </p>
            {other.valorAcrescimo > 0 && <p>Acréscimo proporcional: {formatMoney(other.valorAcrescimo)}.</p>}
            {other.valorVoucher > 0 && <p>Desconto proporcional: {formatMoney(other.valorVoucher)}.</p>}
            <p>A partir da fatura seguinte, o valor volta a ser {formatMoney(other.valorMensalidade)} por mês.</p>
          </>
        )}
      </Modal>
    </form>
  );
}

/**
 * The day picker: 1 to 30, Limpar (clears), Cancelar (keeps the previous day), Ok (closes after CALENDAR_CLOSE_MS).
 * It renders inside the due-date <form>: every button is type="button", or Ok would submit the request.
 */
function DayPicker({
  open,
  value,
  onClose,
  onChoose,
}: {
  open: boolean;
  value: number | null;
  onClose: () => void;
  onChoose: (day: number | null) => void;
}) {
  const [day, setDay] = useState<number | null>(value);
  const closing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (open) setDay(value);
  }, [open, value]);
  useEffect(() => () => clearTimeout(closing.current ?? undefined), []);
  const ok = () => {
    onChoose(day);
    closing.current = setTimeout(onClose, CALENDAR_CLOSE_MS);
  };
  return (
    <Modal
      open={open}
      title="Novo dia de vencimento"
      onClose={onClose}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={() => setDay(null)}>
            Limpar
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="button" onClick={ok}>
            Ok
          </Button>
        </>
      }
    >
      <div className={s.days} role="group" aria-label="Dias do mês">
        {Array.from({ length: DUE_DAY_MAX }, (_, i) => i + 1).map((d) => (
          <button type="button" key={d} className={s.day} aria-pressed={day === d} onClick={() => setDay(d)}>
            {d}
          </button>
        ))}
      </div>
    </Modal>
  );
}
