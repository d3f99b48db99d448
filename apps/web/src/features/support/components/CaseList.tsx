import { useState } from 'react';
import { formatCommentDate, formatInstant, isSacCase, phaseDisplay, sortCases, sortComments, type CaseDto } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { downloadAttachment, useCaseDetail, useCases, useInvalidateCases } from '../api/cases';
import styles from './CaseList.module.css';
import { CaseReply } from './CaseReply';
import { Skeleton } from '../../../components/ui/Skeleton';
import { QueryError } from '../../../components/ui/QueryError';

const EVENT_LABEL: Record<string, string> = {
  created: 'Solicitação aberta',
  phase: 'Fase',
  status: 'Status',
  comment: 'Novo comentário',
  attachment: 'Arquivo anexado',
  decision: 'Decisão',
};
const DECISION_LABEL: Record<string, string> = { aprovado: 'Solicitação aprovada', reprovado: 'Solicitação reprovada' };

function PhaseBadge({ fase }: { fase: string }) {
  const shown = phaseDisplay(fase);
  const tone = shown === 'Aberto' ? styles.open : shown === 'Concluído' ? styles.done : styles.progress;
  return <span className={`${styles.badge} ${tone}`}>{shown}</span>;
}

/** A case opened from the list: SAC cases show the 'SOLICITAÇÃO DE SAC' comments view; every case its timeline. */
function CaseView({ c, onClose }: { c: CaseDto; onClose: () => void }) {
  const detail = useCaseDetail(c.Id);
  const sac = isSacCase(c);
  const d = detail.data;
  return (
    <Modal
      open
      title={sac ? 'SOLICITAÇÃO DE SAC' : `Solicitação ${c.CaseNumber}`}
      onClose={onClose}
      // Opened at its top on its title, not on the answer box (a phone would open its keyboard over the comments).
      startAtTop
      actions={
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      <p>
        <strong>{c.Subject}</strong> · Protocolo {c.CaseNumber} · <PhaseBadge fase={c.Fase__c} />
      </p>
      {detail.isLoading && <Spinner />}
      {detail.error && <Alert>{detail.error.message}</Alert>}
      {d && (
        <>
          <h3 className={styles.subtitle}>Comentários</h3>
          {d.comentarios.length === 0 ? (
            <p className="muted">Nenhum comentário ainda.</p>
          ) : (
            <ul className={styles.comments} aria-label="Comentários">
              {sortComments(d.comentarios).map((m, i) => (
                <li key={i}>
                  <time dateTime={m.CreatedDate}>{formatCommentDate(m.CreatedDate)}</time>
                  {m.autor === 'customer' && <span className={styles.author}> · Você</span>}
                  <p>{m.CommentBody}</p>
                </li>
              ))}
            </ul>
          )}
          {d.Status !== 'Closed' && <CaseReply caseId={c.Id} />}
          <h3 className={styles.subtitle}>Andamento</h3>
          <ol className={styles.timeline} aria-label="Andamento">
            {d.eventos.map((e, i) => (
              <li key={i}>
                <time dateTime={e.CreatedDate}>{formatCommentDate(e.CreatedDate)}</time> —{' '}
                {e.tipo === 'decision' ? (DECISION_LABEL[e.para ?? ''] ?? EVENT_LABEL.decision) : (EVENT_LABEL[e.tipo] ?? e.tipo)}
                {e.tipo === 'phase' && e.para ? `: ${e.para}` : ''}
                {e.tipo === 'status' && e.para === 'Closed' ? ': Concluída' : ''}
                {e.tipo === 'status' && e.para === 'New' ? ': Reaberta pela central' : ''}
              </li>
            ))}
          </ol>
          {d.anexos.length > 0 && (
            <>
              <h3 className={styles.subtitle}>Anexos</h3>
              <ul>
                {d.anexos.map((a) => (
                  <li key={a.Id}>
                    <button
                      type="button"
                      className={buttonClass('link')}
                      onClick={() => void downloadAttachment(c.Id, a.Id, `${c.CaseNumber}-${a.tipoDocumento}`).catch(() => {})}
                    >
                      {a.enviadoPor === 'staff'
                        ? `Baixar arquivo enviado pela equipe (${Math.ceil(a.tamanho / 1024)} KB)`
                        : `Baixar ${a.tipoDocumento} (${Math.ceil(a.tamanho / 1024)} KB)`}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Modal>
  );
}

/** 'Minhas solicitações': collapsible; last 3 months; Aberto first, Concluído last; scrolls past 4 items. */
export function CaseList({
  nCtrId,
  linked,
  onLinkedClosed,
}: {
  nCtrId: number;
  /** A case number to open (a link to one case); `onLinkedClosed` is told when its view closes. */
  linked?: string | null;
  onLinkedClosed?: () => void;
}) {
  const cases = useCases(nCtrId);
  const invalidate = useInvalidateCases();
  const [expanded, setExpanded] = useState(true);
  const [opened, setOpened] = useState<CaseDto | null>(null);
  // The server sorts already; sorting here too keeps the rule of 001 §2 whatever the case system answers.
  const list = sortCases(cases.data?.casos ?? []);
  // The case the page's link names (?caso={número}, see SupportPage) opens as if it had been chosen here.
  const shown = opened ?? (linked ? (list.find((c) => c.CaseNumber === linked) ?? null) : null);
  return (
    <section className={`card ${styles.cases}`} aria-labelledby="minhas-solicitacoes">
      <h2 id="minhas-solicitacoes" className={styles.heading}>
        <button type="button" className={styles.toggle} aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
          Minhas solicitações {cases.data ? `(${list.length})` : ''}
        </button>
      </h2>
      {expanded && (
        <>
          {cases.isLoading && <Skeleton lines={3} label="Carregando solicitações…" />}
          {cases.error && !cases.data && <QueryError error={cases.error} onRetry={cases.refetch} retrying={cases.isFetching} />}
          {cases.data && list.length === 0 && <p className="muted">Nenhuma solicitação nos últimos 3 meses.</p>}
          {list.length > 0 && (
            <ul className={`${styles.list} ${list.length > 4 ? styles.scroll : ''}`}>
              {list.map((c) => (
                <li key={c.Id}>
                  <button type="button" className={styles.item} onClick={() => setOpened(c)}>
                    <span className={styles.reason}>
                      {c.Subject}
                      {c.naoLido && <span className={styles.unread}>Nova atualização</span>}
                    </span>
                    <span className="muted">
                      {c.CaseNumber} · {formatInstant(c.CreatedDate)}
                    </span>
                    <PhaseBadge fase={c.Fase__c} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {shown && (
        <CaseView
          c={shown}
          onClose={() => {
            setOpened(null);
            if (linked) onLinkedClosed?.();
            void invalidate(nCtrId);
          }}
        />
      )}
    </section>
  );
}
