import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  CLAIM_MSG,
  claimTimeline,
  documentChip,
  formatCommentDate,
  formatInstantWithTime,
  formatStepDate,
  latestComments,
  timelineSections,
  type TimelineStep,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { paths } from '../../../lib/paths';
import { PendingUploads } from '../../uploads';
import { downloadNotice, useClaim, type ClaimView } from '../api/claims';
import s from './Claims.module.css';

/** /sinistros/consulta/{caseId} (002 §2.4): the 'Atualização' carousel, the 'Etapas' timeline, Abertura and DOCUMENTAÇÃO. */
export default function ClaimTrackingPage() {
  const { caseId = '' } = useParams();
  const navigate = useNavigate();
  const claim = useClaim(caseId);
  useEffect(() => {
    // A claim that is not the customer's (or does not exist): back to the claims list (002 §7).
    if (claim.error && 'status' in claim.error && claim.error.status === 404) void navigate(paths.claims.pattern, { replace: true });
  }, [claim.error, navigate]);
  return (
    <div className={s.page}>
      <PageTitle>SINISTRO</PageTitle>
      <PendingUploads />
      {claim.isLoading && <Spinner />}
      {claim.error && <Alert>{claim.error.message}</Alert>}
      {claim.data && <EvidenceSent />}
      {claim.data && <Tracking view={claim.data} />}
    </div>
  );
}

/** Right after the last evidence step (ClaimPage hands `evidenceSent` over): what was sent, what happens next. */
function EvidenceSent() {
  const sent = (useLocation().state as { evidenceSent?: boolean } | null)?.evidenceSent === true;
  if (!sent) return null;
  return (
    <section aria-labelledby="evidencia-enviada">
      <Alert kind="success">
        <h2 id="evidencia-enviada" className={s.sentTitle}>
          {CLAIM_MSG.evidenceSentTitle}
        </h2>
        <p className={s.sentText}>{CLAIM_MSG.evidenceSentText}</p>
      </Alert>
    </section>
  );
}

const chipClass = { 'Em análise': s.chipPending, Aprovada: s.chipApproved, Reprovado: s.chipRejected } as const;

function Tracking({ view }: { view: ClaimView }) {
  const navigate = useNavigate();
  const c = view.caso;
  const timeline = claimTimeline({
    reason: c.Reason,
    phase: c.Fase__c,
    qualifiedTotalLoss: c.Qualificado_como_PT__c,
    closed: c.Status === 'Closed',
    history: view.historico,
  });
  const [slide, setSlide] = useState(0);
  const [overlay, setOverlay] = useState<'abertura' | 'documentacao' | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const unknownPhase = timeline.ok ? null : timeline.error;
  useEffect(() => {
    if (unknownPhase) {
      window.alert(unknownPhase);
      void navigate(paths.home, { replace: true });
    }
  }, [unknownPhase, navigate]);
  if (!timeline.ok) return null;

  const comments = latestComments(view.comentarios);
  const titles = new Map(view.tipos.map((t) => [t.Id, t.Titulo]));
  const anyRejected = view.fotos.some((f) => f.Foto.Aprovacao === false);
  // In the timeline's order: the completed steps it starts with fold away, the rest follow (a concluded glass case's
  // Finalização stays last).
  const { folded: completed, shown: rest } = timelineSections(timeline.steps);

  const label = (st: TimelineStep) => {
    const reachable = st.state !== 'future';
    if (reachable && st.title === 'Abertura')
      return (
        <button type="button" className={s.stepButton} onClick={() => setOverlay('abertura')}>
          Abertura
        </button>
      );
    if (reachable && st.title === 'Documentação')
      return (
        <button type="button" className={s.stepButton} onClick={() => setOverlay('documentacao')}>
          Documentação
          {anyRejected && (
            <span role="img" aria-label="Foto reprovada" title="Foto reprovada">
              {' '}
              ⚠️
            </span>
          )}
        </button>
      );
    return <span>{st.title}</span>;
  };
  const item = (st: TimelineStep) => (
    <li
      key={st.title}
      className={[
        s.step,
        st.state === 'current' ? s.current : '',
        st.state === 'future' ? s.future : '',
        st.state === 'earlier' ? s.earlier : '',
      ].join(' ')}
    >
      <span className={s.dot} aria-hidden="true" />
      <div>
        <strong>{label(st)}</strong>
        {st.state === 'current' && <span className={s.badge}>{CLAIM_MSG.inProgress}</span>}
        {st.date && <div className="muted">{formatStepDate(st.date)}</div>}
        {st.text && <p>{st.text}</p>}
      </div>
    </li>
  );

  const download = async () => {
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadNotice(c.CaseNumber);
    } catch (err) {
      setDownloadError((err as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <p>
        Caso nº <strong>{c.CaseNumber}</strong> · {c['Sub-Reason']}
      </p>
      {comments.length > 0 && (
        // A carousel (issue 30 item 9): the slide's button is named by what it shows — the staff comment a screen
        // reader must read — and described by its place and what a tap does; its change is read out (polite).
        <section aria-labelledby="atualizacao" aria-roledescription="carrossel">
          <h2 id="atualizacao">Atualização</h2>
          <div aria-live="polite">
            <button
              type="button"
              className={s.carousel}
              aria-describedby="atualizacao-posicao"
              onClick={() => setSlide((slide + 1) % comments.length)}
            >
              <span className="muted">{formatCommentDate(comments[slide]!.CreatedDate)}</span>
              <br />
              {comments[slide]!.CommentBody}
              <br />
              <span className="muted" aria-hidden="true">
                {slide + 1}/{comments.length}
              </span>
            </button>
          </div>
          <p id="atualizacao-posicao" className="sr-only">
            Atualização {slide + 1} de {comments.length}.{comments.length > 1 ? ' Toque para ver a próxima.' : ''}
          </p>
        </section>
      )}
      <section className="card" aria-labelledby="etapas">
        <h2 id="etapas">Etapas</h2>
        {completed.length > 0 && (
          <details>
            <summary>{CLAIM_MSG.completedSteps(completed.length)}</summary>
            <ol className={s.timeline}>{completed.map(item)}</ol>
          </details>
        )}
        <ol className={s.timeline}>{rest.map(item)}</ol>
      </section>
      <Link to={paths.claims.pattern}>Ver todos os sinistros</Link>

      <Modal
        open={overlay === 'abertura'}
        title="Abertura"
        startAtTop
        onClose={() => setOverlay(null)}
        actions={
          <>
            <Button loading={downloading} onClick={() => void download()}>
              Baixar aviso de sinistro
            </Button>
            <Button variant="secondary" onClick={() => setOverlay(null)}>
              Fechar
            </Button>
          </>
        }
      >
        <dl className={s.fields}>
          <dt>Motivo</dt>
          <dd>{c['Sub-Reason']}</dd>
          <dt>Número do caso</dt>
          <dd>{c.CaseNumber}</dd>
          <dt>Descrição</dt>
          <dd>{c.Descricao_do_ocorrido__c}</dd>
          <dt>Local</dt>
          <dd>{c.QualLocalSinistro__c}</dd>
          <dt>Ponto de referência</dt>
          <dd>{c.Ponto_de_referencia__c || '—'}</dd>
          <dt>Data e hora</dt>
          <dd>
            {c.Data_Hora_da_ocorrencia__c.slice(8, 10)}/{c.Data_Hora_da_ocorrencia__c.slice(5, 7)}/
            {c.Data_Hora_da_ocorrencia__c.slice(0, 4)} às {c.Data_Hora_da_ocorrencia__c.slice(11, 16)}
          </dd>
          <dt>Condutor</dt>
          <dd>{c.Condutor__c}</dd>
          <dt>CPF do condutor</dt>
          <dd>{c.CPF_do_condutor__c}</dd>
          <dt>Contato do condutor</dt>
          <dd>{c.Contato_do_condutor__c}</dd>
          <dt>Veículo se locomovendo</dt>
          <dd>{c.Veiculo_esta_se_locomovendo__c}</dd>
          <dt>Boletim de ocorrência</dt>
          <dd>{c.Boletim_realizado__c}</dd>
          <dt>Envolvimento com terceiros</dt>
          <dd>{c.Envolvimento_com_terceiros__c}</dd>
          <dt>Protocolo para terceiro</dt>
          <dd>{c.Abrir_caso_de_sinistro_para__c}</dd>
          {c.Contato_do_terceiro__c && (
            <>
              <dt>Contato do terceiro</dt>
              <dd>{c.Contato_do_terceiro__c}</dd>
            </>
          )}
          <dt>Termos aceitos</dt>
          <dd>Sim, em {formatInstantWithTime(c.CreatedDate)}</dd>
        </dl>
        {downloadError && <Alert>{downloadError}</Alert>}
      </Modal>

      <Modal
        open={overlay === 'documentacao'}
        title="DOCUMENTAÇÃO"
        startAtTop
        onClose={() => setOverlay(null)}
        actions={
          <>
            <Button
              disabled={!anyRejected || c.Status !== 'New'}
              onClick={() => void navigate(paths.claims.to(Number(c.ChaveNaturalContrato__c)), { state: { caseNumber: c.CaseNumber } })}
            >
              Reenviar foto(s)
            </Button>
            <Button variant="secondary" onClick={() => setOverlay(null)}>
              Fechar
            </Button>
          </>
        }
      >
        <ul className={s.docs}>
          {view.fotos.map((f) => {
            const chip = documentChip(f.Foto.Aprovacao);
            return (
              <li key={f.TipoFoto.Id}>
                {titles.get(f.TipoFoto.Id) ?? f.TipoFoto.Titulo} <span className={`${s.chip} ${chipClass[chip]}`}>{chip}</span>
                {chip === 'Reprovado' && f.Foto.TextoReprovacao && <div className="muted">{f.Foto.TextoReprovacao}</div>}
              </li>
            );
          })}
          {view.fotos.length === 0 && <li className="muted">Nenhum documento enviado.</li>}
        </ul>
      </Modal>
    </>
  );
}
