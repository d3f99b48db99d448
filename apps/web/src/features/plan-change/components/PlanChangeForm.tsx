import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  canConfirmPlanChange,
  choiceKey,
  contactPhoneSchema,
  formatMoney,
  PLAN_CHANGE_MSG,
  SERVICE_CODES,
  SUPPORT_MSG,
  type ContractId,
  type PaymentType,
  type PlanChangeItemDto,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { Modal } from '../../../components/ui/Modal';
import { QueryError } from '../../../components/ui/QueryError';
import { RadioGroup } from '../../../components/ui/RadioGroup';
import { Skeleton } from '../../../components/ui/Skeleton';
import { contractsQuery } from '../../../api/get-contracts';
import { ApiError, apiErrorText } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { CobreModal } from '../../common';
import { usePlanChange } from '../api/get-plan-change';
import { useQuotation } from '../api/create-quotation';
import { useRequestPlanChange } from '../api/request-plan-change';
import s from './PlanChangeForm.module.css';

export interface PlanChangeFormProps {
  nCtrId: ContractId;
  /** the support page's contact phone */
  telefone: string;
  onPhoneError: (message: string | null) => void;
}

type Chosen = ReadonlyMap<string, number | null>;

/**
 * Alteração de Plano (001 §2, §4): vehicle and basic coverages, monthly/annual toggle, 'Adquirido' / 'Disponível'
 * with add/remove, the towing km picker, the server's quotation ('em Nx de …' for annual), agreement, the success
 * overlay. COBRE plans get the executive modal instead.
 */
export function PlanChangeForm({ nCtrId, telefone, onPhoneError }: PlanChangeFormProps) {
  const qc = useQueryClient();
  const [tipo, setTipo] = useState<PaymentType>('M');
  const screen = usePlanChange(nCtrId, tipo);
  const [contractsStale, setContractsStale] = useState(false);

  // The contracts are refreshed on entry; a failure is only warned (001 §2).
  useEffect(() => {
    qc.fetchQuery({ ...contractsQuery(), staleTime: 0 }).catch(() => setContractsStale(true));
  }, [qc]);

  const warning = contractsStale && (
    <Alert kind="info">Não foi possível atualizar os dados do seu contrato. Os valores podem estar desatualizados.</Alert>
  );
  if (screen.isPending) return <Skeleton shape="block" label="Carregando…" />;
  if (screen.error) {
    // A 422 is the data's answer (001 §5/§8: no state, plan not listed…): asking again changes nothing.
    const dataState = screen.error instanceof ApiError && screen.error.status === 422;
    return (
      <>
        {warning}
        {dataState ? (
          <Alert>{screen.error.message}</Alert>
        ) : (
          <QueryError
            error={screen.error}
            // 001 §8: the error's message when the server gives one of ours (the catalogue's failure), else the generic one.
            message={
              screen.error instanceof ApiError && screen.error.code === 'PLANS_SERVER_ERROR'
                ? screen.error.message
                : PLAN_CHANGE_MSG.planDataLoadFailed
            }
            onRetry={() => screen.refetch()}
            retrying={screen.isRefetching}
          />
        )}
      </>
    );
  }
  const data = screen.data;
  if (data.situacao === 'cobre') return <Cobre contact={data.contato} />;
  return (
    <>
      {warning}
      <PlanChoice
        key={data.idPlano}
        nCtrId={nCtrId}
        data={data}
        tipo={tipo}
        onTipo={setTipo}
        loading={screen.isFetching}
        telefone={telefone}
        onPhoneError={onPhoneError}
      />
    </>
  );
}

function Cobre({ contact }: { contact: Parameters<typeof CobreModal>[0]['contact'] }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Alert kind="info">Seu plano não pode ser alterado pela área do cliente.</Alert>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Falar com meu executivo
      </Button>
      <CobreModal open={open} contact={contact} onClose={() => setOpen(false)} />
    </>
  );
}

type Ready = Extract<NonNullable<ReturnType<typeof usePlanChange>['data']>, { situacao: 'disponivel' }>;

const initialChoice = (itens: readonly PlanChangeItemDto[]): Chosen =>
  new Map(itens.filter((i) => i.adquirido && !i.obrigatorio).map((i) => [i.codigoItem, i.kmAdquirido ?? null]));

const keysOf = (m: Chosen) => new Set([...m].map(([code, km]) => choiceKey(code, km)));

function PlanChoice({
  nCtrId,
  data,
  tipo,
  onTipo,
  loading,
  telefone,
  onPhoneError,
}: {
  nCtrId: ContractId;
  data: Ready;
  tipo: PaymentType;
  onTipo: (t: PaymentType) => void;
  loading: boolean;
  telefone: string;
  onPhoneError: (message: string | null) => void;
}) {
  const navigate = useNavigate();
  const acquired = useMemo(() => initialChoice(data.itens), [data.itens]);
  const [chosen, setChosen] = useState<Chosen>(acquired);
  const [agreed, setAgreed] = useState(false);
  const [towingOpen, setTowingOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ added: string[]; removed: string[] } | null>(null);
  const optional = data.itens.filter((i) => !i.obrigatorio);
  const towing = optional.find((i) => i.codigoItem === SERVICE_CODES.towing);
  const [km, setKm] = useState<number | null>(null);

  const itens = [...chosen.keys()];
  const reboqueKm = chosen.get(SERVICE_CODES.towing) ?? null;
  const quote = useQuotation(nCtrId, { tipoPagamento: data.tipoPagamento, itens, reboqueKm });
  const send = useRequestPlanChange(nCtrId);

  const canConfirm =
    canConfirmPlanChange({ acquired: keysOf(acquired), chosen: keysOf(chosen), agreed, paymentType: data.tipoPagamento }) &&
    !!quote.data &&
    !quote.isFetching &&
    !loading;

  // Adding or removing moves the item to the other list, so the button pressed is gone: the focus follows the item
  // to its new button (else it would fall back to the page's start, and a keyboard user would lose their place).
  const lists = useRef<HTMLDivElement>(null);
  const [focusItem, setFocusItem] = useState<string | null>(null);
  useEffect(() => {
    if (!focusItem) return;
    const frame = requestAnimationFrame(() => {
      lists.current?.querySelector<HTMLButtonElement>(`button[data-item="${focusItem}"]`)?.focus();
      setFocusItem(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusItem, chosen]);

  const add = (item: PlanChangeItemDto) => {
    if (item.codigoItem === SERVICE_CODES.towing) {
      setKm(item.opcoesKm?.find((o) => o.itemPadrao)?.km ?? item.opcoesKm?.[0]?.km ?? null);
      return setTowingOpen(true);
    }
    setChosen(new Map(chosen).set(item.codigoItem, null));
    setFocusItem(item.codigoItem);
  };
  // Removing towing discards its km (001 §4 'Items').
  const remove = (code: string) => {
    const next = new Map(chosen);
    next.delete(code);
    setChosen(next);
    setFocusItem(code);
  };

  const submit = () => {
    const phone = contactPhoneSchema.safeParse(telefone);
    if (!phone.success) return onPhoneError(phone.error.issues[0]?.message ?? SUPPORT_MSG.invalidMobile);
    onPhoneError(null);
    if (!quote.data) return;
    const q = quote.data;
    setError(null);
    send.send(
      { idCotacao: q.IdCotacao, telefone },
      {
        onSuccess: () => setDone({ added: q.adicionados, removed: q.removidos }),
        onError: (err) => setError(apiErrorText(err, SUPPORT_MSG.sendFailed)),
      },
    );
  };

  const line = (item: PlanChangeItemDto, isChosen: boolean) => {
    const option = item.opcoesKm?.find((o) => o.km === chosen.get(item.codigoItem));
    const label = option?.descricao ?? item.descricao;
    return (
      <li key={item.codigoItem} className={s.item}>
        <span>
          {label} <span className={s.price}>{formatMoney(option?.preco ?? item.preco)}</span>
        </span>
        {isChosen ? (
          <Button variant="secondary" onClick={() => remove(item.codigoItem)} aria-label={`Remover ${label}`} data-item={item.codigoItem}>
            Remover
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => add(item)} aria-label={`Adicionar ${label}`} data-item={item.codigoItem}>
            Adicionar
          </Button>
        )}
      </li>
    );
  };

  const q = quote.data;
  return (
    <div className={s.form}>
      <section aria-labelledby="pc-vehicle">
        <h3 id="pc-vehicle">Veículo segurado</h3>
        <p>{[data.veiculo.modelo, data.veiculo.placa].filter(Boolean).join(' · ')}</p>
        <h4>Coberturas incluídas</h4>
        <ul className={s.basic}>
          {data.coberturasBasicas.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </section>

      {data.podeAlternarAnual && (
        <RadioGroup
          legend="Forma de pagamento"
          name="tipoPagamento"
          variant="tiles"
          value={tipo}
          onChange={(v) => onTipo(v)}
          options={[
            { value: 'M', label: 'Mensal' },
            { value: 'A', label: 'Anual' },
          ]}
        />
      )}

      <div ref={lists} className={s.lists}>
        <section aria-labelledby="pc-acquired" className={s.list}>
          <h3 id="pc-acquired">{PLAN_CHANGE_MSG.acquired}</h3>
          <ul>{optional.filter((i) => chosen.has(i.codigoItem)).map((i) => line(i, true))}</ul>
        </section>
        <section aria-labelledby="pc-available" className={s.list}>
          <h3 id="pc-available">{PLAN_CHANGE_MSG.available}</h3>
          <ul>{optional.filter((i) => !chosen.has(i.codigoItem)).map((i) => line(i, false))}</ul>
        </section>
      </div>

      <div className={s.total} aria-live="polite" aria-busy={quote.isFetching || undefined}>
        {quote.error ? (
          <Alert>{apiErrorText(quote.error, PLAN_CHANGE_MSG.planDataLoadFailed)}</Alert>
        ) : !q ? (
          <Skeleton shape="line" label="Calculando…" />
        ) : q.tipoPagamento === 'A' ? (
          <p>
            Valor anual: <strong>{formatMoney(q.initialVlue)}</strong>{' '}
            <span>
              em {q.parcelas}x de {formatMoney(q.valorParcela)}
            </span>
          </p>
        ) : (
          <p>
            Valor mensal: <strong>{formatMoney(q.initialVlue)}</strong>
          </p>
        )}
      </div>

      <Checkbox label={PLAN_CHANGE_MSG.agreement} checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      {error && <Alert>{error}</Alert>}
      <Button onClick={submit} disabled={!canConfirm} loading={send.isPending}>
        {PLAN_CHANGE_MSG.confirm}
      </Button>

      {towing?.opcoesKm && (
        <Modal
          open={towingOpen}
          title="Distância do reboque"
          onClose={() => setTowingOpen(false)}
          actions={
            <>
              <Button
                onClick={() => {
                  if (km !== null) {
                    setChosen(new Map(chosen).set(SERVICE_CODES.towing, km));
                    setFocusItem(SERVICE_CODES.towing);
                  }
                  setTowingOpen(false);
                }}
              >
                Confirmar
              </Button>
              <Button variant="secondary" onClick={() => setTowingOpen(false)}>
                Cancelar
              </Button>
            </>
          }
        >
          <RadioGroup
            legend="Até quantos km?"
            name="reboqueKm"
            value={km === null ? null : String(km)}
            onChange={(v) => setKm(Number(v))}
            options={towing.opcoesKm.map((o) => ({
              value: String(o.km),
              label: (
                <>
                  {o.descricao} — <span className="nowrap">{formatMoney(o.preco)}</span>
                </>
              ),
            }))}
          />
        </Modal>
      )}

      <Modal
        open={done !== null}
        title={PLAN_CHANGE_MSG.success}
        tone="success"
        onClose={() => navigate(paths.support.pattern)}
        actions={<Button onClick={() => navigate(paths.support.pattern)}>Fechar</Button>}
      >
        <ul className={s.changes}>
          {done?.added.map((n) => (
            <li key={`a-${n}`}>
              <strong>{PLAN_CHANGE_MSG.added}:</strong> {n}
            </li>
          ))}
          {done?.removed.map((n) => (
            <li key={`r-${n}`}>
              <strong>{PLAN_CHANGE_MSG.removed}:</strong> {n}
            </li>
          ))}
        </ul>
      </Modal>
    </div>
  );
}
