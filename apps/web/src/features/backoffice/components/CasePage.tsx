import { Link, useParams } from 'react-router';
import { formatInstantWithTime } from '@guarita/domain';
import { paths } from '../../../lib/paths';
import { QueryError } from '../../../components/ui/QueryError';
import { Alert } from '../../../components/ui/Alert';
import { Spinner } from '../../../components/ui/Spinner';
import { attachmentUrl, useStaffCase, type StaffCase } from '../api/get-case';
import { PreviewTable } from './ApproveDialog';
import { CommentForm, Decision, PhaseMove, TotalLoss } from './CaseActions';
import { CaseAssignment, CasePresence } from './CaseAssignment';
import { CaseNavigation } from './CaseKeyboard';
import { PhotoReviews } from './PhotoReviews';
import { CustomerContextPanel } from './CustomerContextPanel';
import { ReopenCase } from './ReopenCase';
import { RequestFields } from './RequestFields';
import { useSessionEnded } from './use-session-ended';
import { ConsoleTitle } from './ConsoleTitle';
import { CaseNotFoundPage, NotForRolePage } from './ConsolePages';
import { PhotoScore } from './PhotoScore';
import { ApiError } from '../../../lib/api';
import styles from './Backoffice.module.css';

const EVENT_LABEL = {
  created: 'Aberto',
  status: 'Situação',
  phase: 'Fase',
  comment: 'Comentário',
  attachment: 'Anexo',
  decision: 'Decisão',
} as const;
const AUTHOR_LABEL = { customer: 'Cliente', staff: 'Equipe', system: 'Sistema' } as const;

/** A case as staff works it: the request as sent, evidence, history, comments and notes, and the allowed actions. */
export function CasePage() {
  const { caseNumber = '' } = useParams();
  const q = useStaffCase(caseNumber);
  useSessionEnded(q.error);
  if (q.isPending) return <Spinner />;
  // A case of another desk is a 404 like a number that does not exist: a page that says so, not a retry (issue 30 item 2).
  if (q.error instanceof ApiError && q.error.status === 404) return <CaseNotFoundPage caseNumber={caseNumber} />;
  if (q.error instanceof ApiError && q.error.status === 403) return <NotForRolePage />;
  if (q.error) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  return <CaseView d={q.data} />;
}

function CaseView({ d }: { d: StaffCase }) {
  const n = d.caso.CaseNumber;
  const open = d.caso.Status === 'New';
  const canAct = d.proximasFases.length > 0 || d.podeDecidir;
  return (
    <>
      <p>
        <Link to={paths.backoffice.home}>Voltar para a fila</Link>
      </p>
      <ConsoleTitle title={`Caso nº ${n}`}>Caso nº {n}</ConsoleTitle>
      <CasePresence caseNumber={n} />
      <CaseNavigation caseNumber={n} />
      <CaseAssignment caseNumber={n} />
      <section className={styles.section} aria-labelledby="resumo">
        <h2 id="resumo">Resumo</h2>
        <dl className={styles.fields}>
          <dt>Motivo</dt>
          <dd>
            {d.caso.Reason} · {d.caso.Subject}
          </dd>
          <dt>Situação</dt>
          <dd>{open ? 'Aberto' : 'Encerrado'}</dd>
          <dt>Fase atual</dt>
          <dd>{d.caso.Fase__c}</dd>
          <dt>Aberto em</dt>
          <dd>{formatInstantWithTime(d.caso.CreatedDate)}</dd>
          <dt>Contrato</dt>
          <dd>{d.caso.nCtrId}</dd>
          <dt>Cliente</dt>
          <dd>
            {d.cliente.nome} ({d.cliente.documento})
          </dd>
        </dl>
      </section>

      <CustomerContextPanel caseNumber={n} />
      <ReopenCase key={n} caseNumber={n} canReopen={d.podeReabrir} />

      {open && d.proximasFases.length > 0 && (
        <section className={styles.section} aria-labelledby="fase">
          <h2 id="fase">Mudar fase</h2>
          <PhaseMove key={d.caso.Fase__c} caseNumber={n} phases={d.proximasFases} />
        </section>
      )}

      {d.proposta && (
        <section className={styles.section} aria-labelledby="proposta">
          <h2 id="proposta">Valores atuais e novos</h2>
          {d.proposta.aviso && <Alert>{d.proposta.aviso}</Alert>}
          {d.proposta.linhas.length > 0 && <PreviewTable lines={d.proposta.linhas} caption="O que a aprovação altera" />}
        </section>
      )}

      {d.podeDecidir && (
        <section className={styles.section} aria-labelledby="decisao">
          <h2 id="decisao">Decisão</h2>
          <Decision caseNumber={n} preview={d.proposta} />
        </section>
      )}

      {d.sinistro && (
        <section className={styles.section} aria-labelledby="fotos">
          <h2 id="fotos">Fotos e documentos</h2>
          {d.caso.Reason === 'Colisão' && open && canAct && <TotalLoss caseNumber={n} value={d.sinistro.Qualificado_como_PT__c} />}
          <PhotoReviews caseNumber={n} photos={d.sinistro.fotos} canAct={open && canAct} />
        </section>
      )}

      <section className={styles.section} aria-labelledby="solicitacao">
        <h2 id="solicitacao">Solicitação enviada</h2>
        <RequestFields solicitacao={d.solicitacao} />
        {d.anexos.length > 0 && (
          <>
            <h3>Anexos</h3>
            <ul>
              {d.anexos.map((a) => (
                <li key={a.Id}>
                  <a href={attachmentUrl(n, a.Id)} target="_blank" rel="noreferrer">
                    {a.tipoDocumento} ({a.contentType})
                  </a>
                  {a.enviadoPor === 'staff' && ' · enviado pela equipe'}
                  {a.qualidade && <PhotoScore quality={a.qualidade} />}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className={styles.section} aria-labelledby="comentarios">
        <h2 id="comentarios">Comentários para o cliente</h2>
        {d.comentarios.length === 0 ? (
          <p>Nenhum comentário.</p>
        ) : (
          <ul>
            {d.comentarios.map((c, i) => (
              <li key={i}>
                {formatInstantWithTime(c.CreatedDate)} · {AUTHOR_LABEL[c.autor]}: {c.texto}
              </li>
            ))}
          </ul>
        )}
        <h2>Notas internas</h2>
        {d.notasInternas.length === 0 ? (
          <p>Nenhuma nota interna.</p>
        ) : (
          <ul>
            {d.notasInternas.map((c, i) => (
              <li key={i}>
                {formatInstantWithTime(c.CreatedDate)} · {c.autor}: {c.texto}
              </li>
            ))}
          </ul>
        )}
        {canAct && <CommentForm caseNumber={n} />}
      </section>

      <section className={styles.section} aria-labelledby="historico">
        <h2 id="historico">Histórico</h2>
        <ol>
          {d.historico.map((e, i) => (
            <li key={i}>
              {formatInstantWithTime(e.CreatedDate)} · {EVENT_LABEL[e.tipo]}
              {e.de || e.para ? `: ${e.de ?? ''}${e.de && e.para ? ' → ' : ''}${e.para ?? ''}` : ''} ({AUTHOR_LABEL[e.autor]})
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

export default CasePage;
