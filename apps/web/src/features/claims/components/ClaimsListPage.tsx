import { Link } from 'react-router';
import { claimTimeline, formatInstant } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { buttonClass } from '../../../components/ui/Button';
import { PageTitle } from '../../../components/ui/PageTitle';
import { QueryError } from '../../../components/ui/QueryError';
import { Skeleton } from '../../../components/ui/Skeleton';
import { paths } from '../../../lib/paths';
import { PendingUploads } from '../../uploads';
import { useClaims } from '../api/claims';
import s from './Claims.module.css';

/** /sinistros (no contract): 'Comunicar sinistro', then the customer's claims with their current step. */
export default function ClaimsListPage() {
  const claims = useClaims();
  return (
    <div className={s.page}>
      <PageTitle>Sinistros</PageTitle>
      <PendingUploads />
      {/* Above the list: it does not move when the list arrives (CLS), and a new claim is the first thing offered. */}
      <Link className={buttonClass('secondary')} to={paths.notice.to()}>
        Comunicar sinistro
      </Link>
      {claims.isLoading && <Skeleton shape="line" lines={4} label="Carregando sinistros…" />}
      {claims.isError && <QueryError error={claims.error} onRetry={claims.refetch} retrying={claims.isFetching} />}
      {claims.data && claims.data.sinistros.length === 0 && <Alert kind="info">Você não possui sinistros.</Alert>}
      {claims.data && claims.data.sinistros.length > 0 && (
        <ul className={s.list}>
          {claims.data.sinistros.map((c) => {
            const t = claimTimeline({
              reason: c.Reason,
              phase: c.Fase__c,
              qualifiedTotalLoss: c.Qualificado_como_PT__c,
              closed: c.Status === 'Closed',
            });
            const step = t.ok
              ? c.Status === 'Closed'
                ? 'Concluído'
                : (t.steps.find((x) => x.state === 'current')?.title ?? c.Fase__c)
              : c.Fase__c;
            return (
              <li key={c.Id} className="card">
                <h2>
                  <Link to={paths.claims.caseTo(c.CaseNumber)}>Caso nº {c.CaseNumber}</Link>
                </h2>
                <p>
                  {c.motivo} · contrato {c.nCtrId}
                  {c.placa ? ` · ${c.placa}` : ''} · aberto em {formatInstant(c.CreatedDate)}
                </p>
                <p>
                  Etapa: <strong>{step}</strong>
                  {c.statusFotos.Status === 'alguma-reprovada' && ' · foto reprovada: reenvie'}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
