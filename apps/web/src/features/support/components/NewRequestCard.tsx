import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  AREA_PRESELECT,
  externalErrorMessage,
  formatDuplicateDate,
  openCaseOfType,
  REQUEST_TYPE_INFO,
  requestTypeOptions,
  SPARE_CAR_MSG,
  SUPPORT_MSG,
  type SupportRequest,
  type BuiltRequestType,
  type CaseCreatedDto,
  type CaseDto,
  type RequestType,
  type SupportRequestInput,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { MaskedField } from '../../../components/ui/MaskedField';
import { Select } from '../../../components/ui/Select';
import { Spinner } from '../../../components/ui/Spinner';
import { usePublicConfig } from '../../../api/get-public-config';
import type { SelectedContractDto } from '../../../hooks/use-selected-contract';
import { ApiError } from '../../../lib/api/client';
import { newIdempotencyKey } from '../../../lib/api/idempotency-key';
import { checksError, lazyResolver } from '../../../lib/on-demand';
import { useSendCase } from '../api/cases';
import { prepareUpload } from '../lib/resize-image';
import { OUTBOX_MSG } from '../../uploads';
import { REQUEST_FORMS, type SupportFormValues } from './request-forms';
import styles from './SupportPage.module.css';

type Outcome =
  | { ok: true; created: CaseCreatedDto; tipo: BuiltRequestType }
  /** No connection: the request and its files wait on the device (ADR 093). */
  | { ok: 'kept' }
  | { ok: false; message: string };

/** The message when the server gives none: each form's own text where the spec has one (001 §8). */
const FALLBACK: Partial<Record<RequestType, string>> = {
  contestacao: SUPPORT_MSG.contestationFailed,
  'dados-cadastrais': SUPPORT_MSG.registrationFailed,
  'carro-reserva': SPARE_CAR_MSG.sendFailed,
};

let checks: typeof import('./support-checks') | undefined;
const loadChecks = () => import('./support-checks').then((m) => (checks = m));
/** The schema's checks arrive with their module: asked for when a type is chosen, awaited at the first check. */
const resolver: Resolver<SupportFormValues> = lazyResolver(loadChecks, (m) => m.supportResolver);

/**
 * 'Nova solicitação' of /suporte: request-type select, contact phone, the chosen type's sub-form, feedback. Its own
 * module, loaded once 'Minhas solicitações' is on the screen (the page's first screen), with react-hook-form and
 * the phone mask; each type's form and the checks load when a type is chosen.
 */
export function NewRequestCard({
  contract: c,
  hidden,
  cases,
}: {
  contract: SelectedContractDto;
  hidden: boolean;
  /** 'Minhas solicitações' of the contract (the page's query): a chosen type with an open case says so. */
  cases?: readonly CaseDto[] | undefined;
}) {
  const params = useParams();
  const [search] = useSearchParams();
  const supportPhone = usePublicConfig().data?.supportPhone ?? '4000 1762';
  const sendCase = useSendCase();
  const [openedAt] = useState(() => Date.now());

  const plainRoute = params.nCtrId === undefined;
  const upSell = params.upSell === '1' ? 1 : 0;
  const options = requestTypeOptions({ plainRoute, upSell, possuiDispositivo: c.possuiDispositivo });
  const area = AREA_PRESELECT[search.get('area') ?? ''];
  // ?area= preselects its type; /suporte/{nCtrId}/1 (Meu plano's 'Alterar plano') offers one type: it is chosen.
  const preselect =
    area && (options.includes(area) || area === 'ouvidoria') ? area : upSell === 1 && options.length === 1 ? options[0]! : '';

  const form = useForm<SupportFormValues>({
    resolver,
    defaultValues: { tipo: preselect, telefone: '' },
    // A request form's fields leave the values when another type replaces it.
    shouldUnregister: true,
  });
  const tipo = useWatch({ control: form.control, name: 'tipo' });
  const errors = form.formState.errors;
  const [step, setStep] = useState<1 | 2>(1);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  // Each file's fraction the server has (null: no files going).
  const [progress, setProgress] = useState<number[] | null>(null);
  const [sending, setSending] = useState<string[]>([]);
  const [cancelled, setCancelled] = useState(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const inFlight = useRef(false);

  // useForm's methods are stable across renders, so `choose` is too: the effect below runs only for a new preselection.
  const { unregister, getValues, setValue, clearErrors } = form;
  const choose = useCallback(
    (t: RequestType | '') => {
      // A new type starts empty: drop the last form's fields now, or a field of the same name in the next form
      // (descricao) would mount with the old text before the unmount removes it. The contact phone stays.
      unregister(Object.keys(getValues()).filter((k) => k !== 'tipo' && k !== 'telefone') as never);
      setValue('tipo', t);
      setStep(1); // changing the type resets to step 1
      setOutcome(null);
      clearErrors();
      if (t) void loadChecks();
    },
    [unregister, getValues, setValue, clearErrors],
  );
  // ?area= preselects its type, and again when the link changes it.
  useEffect(() => {
    if (preselect) choose(preselect);
  }, [preselect, search, choose]);

  /** Called with the form's values once the domain schema accepts them. */
  const submit = async (dados: SupportRequestInput, files: File[]) => {
    if (inFlight.current) return; // a double click sends once
    // Loaded: the checks ran before this (no await here, or a second click could pass before inFlight is set).
    const { attachmentRule, requiredFiles } = checks ?? (await loadChecks());
    const rule = attachmentRule(dados.tipo);
    if (dados.tipo === 'contestacao' && files.length === 0) return form.setError('root.arquivo', { message: SUPPORT_MSG.pdfOrJpg });
    if (dados.tipo === 'dados-cadastrais' && dados.alteracoes.includes('Alteração de documentos') && files.length === 0) return;
    // The spare car's report or its two photos: a missing file is said here, not after a round trip.
    if (dados.tipo === 'carro-reserva' && files.length < requiredFiles(dados as SupportRequest)) {
      return form.setError('root.arquivo', { message: SUPPORT_MSG.attachmentRequired });
    }
    inFlight.current = true;
    setPending(true);
    setCancelled(false);
    try {
      const blobs = await Promise.all(files.map((f) => prepareUpload(f, rule?.clientJpegQuality ?? 0.7)));
      setSending(files.map((f) => f.name));
      // The same request retried (after a network failure) keeps its Idempotency-Key: never a second case.
      const body = JSON.stringify(dados) + files.map((f) => `${f.name}:${f.size}`).join('|');
      if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
      abort.current = new AbortController();
      if (blobs.length > 0) setProgress(blobs.map(() => 0));
      const created = await sendCase.mutateAsync({
        nCtrId: c.nCtrId,
        dados: dados as unknown as Record<string, unknown>,
        files: blobs.map((blob, i) => ({ blob, name: files[i]!.name })),
        titulo: REQUEST_TYPE_INFO[dados.tipo].label,
        idempotencyKey: attempt.current.key,
        onProgress: setProgress,
        signal: abort.current.signal,
      });
      attempt.current = null;
      setOutcome(created === 'guardado' ? { ok: 'kept' } : { ok: true, created, tipo: dados.tipo });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        setCancelled(true); // the customer stopped it: stay on the form, same files, send again to retry
        return;
      }
      if (err instanceof ApiError && err.status !== 0 && err.status < 500) attempt.current = null; // a final answer
      // An answer without our envelope (a proxy's page: code HTTP_<status>) has no message of its own.
      const raw =
        err instanceof ApiError && !err.code.startsWith('HTTP_')
          ? typeof err.detalhes?.DescricaoErroApiExterna === 'string'
            ? err.detalhes.DescricaoErroApiExterna
            : err.message
          : null;
      // Without a server message: the upload text of 001 §8 when files went, else the form's own text.
      const fallback =
        err instanceof ApiError && err.status > 0 && files.length > 0
          ? SUPPORT_MSG.uploadFailed(err.status)
          : (FALLBACK[dados.tipo] ?? SUPPORT_MSG.sendFailed);
      setOutcome({ ok: false, message: externalErrorMessage(raw, fallback) });
    } finally {
      inFlight.current = false;
      setPending(false);
      setProgress(null);
      setSending([]);
      abort.current = null;
    }
    setStep(2);
  };

  const send = (files: File[]) => form.handleSubmit((values) => submit(values as SupportRequestInput, files));
  const info = tipo ? REQUEST_TYPE_INFO[tipo] : null;
  // A case of this type already open (the duplicate rule, ADR 035): said now, with its protocol and a link, instead of
  // a form the API would refuse once filled. Read from 'Minhas solicitações' (the page's list, already loaded).
  // A case sent from this page since it opened is not in the way: its form is showing its own answer (the due date's
  // pending request, the plan change's overlay) and must not be replaced by this notice when the list refreshes.
  const open = tipo && step === 1 ? openCaseOfType(cases ?? [], tipo) : undefined;
  const openCase = open && Date.parse(open.CreatedDate) < openedAt ? open : undefined;
  const RequestForm = tipo && !openCase ? REQUEST_FORMS[tipo] : undefined;

  return (
    <FormProvider {...form}>
      {/* Hidden (out of the layout) while 'Minhas solicitações' loads (another contract's list): the list grows from
          its skeleton to its rows, and a form already below it would be pushed down (CLS 0.11–0.16 on a phone, ADR 025). */}
      <section className="card" aria-labelledby="nova-solicitacao" hidden={hidden}>
        <h2 id="nova-solicitacao">Nova solicitação</h2>
        <Controller
          control={form.control}
          name="tipo"
          render={({ field, fieldState }) => (
            // Controlled: Ouvidoria's option appears only once it is chosen (its link or ?area=).
            <Select
              label="Tipo de solicitação"
              {...field}
              onChange={(e) => choose(e.target.value as RequestType | '')}
              options={[...options, ...(tipo === 'ouvidoria' ? (['ouvidoria'] as const) : [])].map((t) => ({
                value: t,
                label: REQUEST_TYPE_INFO[t].label,
              }))}
              placeholder="Selecione uma área"
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="telefone"
          render={({ field, fieldState }) => (
            <MaskedField
              label="Telefone para contato (celular)"
              mask="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
        <p className={styles.phone}>
          Dúvidas? Fale com o Suporte: <a href={`tel:${supportPhone.replace(/\D/g, '')}`}>{supportPhone}</a>
        </p>

        {info && openCase && (
          <Alert kind="info" className={styles.openCase}>
            <p>
              {/* The protocol is not broken at its hyphen. */}
              {SUPPORT_MSG.openCaseOfType(info.label, openCase.CaseNumber, formatDuplicateDate(openCase.CreatedDate))
                .split(openCase.CaseNumber)
                .flatMap((part, i) => (i === 0 ? [part] : [<span key={i}>{openCase.CaseNumber}</span>, part]))}
            </p>
            <Link to={{ search: `?caso=${openCase.CaseNumber}` }}>
              Ver solicitação <span>{openCase.CaseNumber}</span>
            </Link>
          </Alert>
        )}
        {info && !openCase && !RequestForm && step === 1 && (
          <Alert kind="info">
            {info.label}: disponível em breve. {SUPPORT_MSG.comingSoon} {supportPhone}.
          </Alert>
        )}

        <div hidden={step !== 1}>
          {RequestForm && (
            <Suspense fallback={<Spinner label="Carregando formulário…" />}>
              <RequestForm key={tipo} contract={c} pending={pending} send={send} />
            </Suspense>
          )}
          {errors.root?.arquivo && <Alert>{errors.root.arquivo.message}</Alert>}
          {checksError(errors) && <Alert>{checksError(errors)}</Alert>}
          {progress !== null && (
            <div className={styles.progress} role="group" aria-label="Envio dos arquivos">
              <ul>
                {progress.map((p, i) => (
                  <li key={i}>
                    <label>
                      Enviando arquivo {sending[i]}… {Math.round(p * 100)}%
                      <progress max={1} value={p} />
                    </label>
                  </li>
                ))}
              </ul>
              <Button variant="secondary" type="button" onClick={() => abort.current?.abort()}>
                Cancelar envio
              </Button>
            </div>
          )}
          {cancelled && <Alert kind="info">Envio cancelado. Seus dados e arquivos continuam aqui: envie de novo quando quiser.</Alert>}
        </div>

        {step === 2 && outcome?.ok === 'kept' && (
          <div className={styles.feedback} role="status">
            <p>{OUTBOX_MSG.requestKept}</p>
            <Button variant="secondary" onClick={() => choose('')}>
              Nova solicitação
            </Button>
          </div>
        )}
        {step === 2 && outcome?.ok === true && (
          <div className={styles.feedback} role="status">
            <h3>{outcome.tipo === 'dados-cadastrais' ? SUPPORT_MSG.registrationSuccess : SUPPORT_MSG.success}</h3>
            {outcome.tipo === 'contestacao' && <p className={styles.protocol}>{SUPPORT_MSG.protocol(outcome.created.CaseNumber)}</p>}
            {outcome.tipo !== 'contestacao' && <p>Protocolo da solicitação: {outcome.created.CaseNumber}</p>}
            {outcome.tipo === 'dados-cadastrais' && <p>{SUPPORT_MSG.registrationPending}</p>}
            <p>{SUPPORT_MSG.successReturn}</p>
            <p>{SUPPORT_MSG.successEmail}</p>
            <Button variant="secondary" onClick={() => choose('')}>
              Nova solicitação
            </Button>
          </div>
        )}
        {step === 2 && outcome && !outcome.ok && (
          <div className={styles.feedback}>
            <Alert>{SUPPORT_MSG.errorAlert(supportPhone)}</Alert>
            <p>
              <strong>{outcome.message}</strong>
            </p>
            <p>{SUPPORT_MSG.retryText}</p>
            <Button variant="secondary" onClick={() => setStep(1)}>
              Tentar novamente
            </Button>
          </div>
        )}

        {tipo !== 'ouvidoria' && upSell === 0 && (
          <p className={styles.ombudsman}>
            Não resolveu? <Link to="/suporte?area=Ouvidoria">Fale com a Ouvidoria</Link>
          </p>
        )}
      </section>
    </FormProvider>
  );
}

export default NewRequestCard;
