import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { PageTitle } from '../../../components/ui/PageTitle';
import { QueryError } from '../../../components/ui/QueryError';
import { Skeleton } from '../../../components/ui/Skeleton';
import { useSelectedContract } from '../../../hooks/use-selected-contract';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { ContractNotFound } from '../../common';
import { VehicleSelector } from '../../shell';
import { PendingUploads } from '../../uploads';
import { useCases } from '../api/cases';
import { CaseList } from './CaseList';
import styles from './SupportPage.module.css';

// The request form (react-hook-form, the phone mask; each type's form and the checks on choice): below the list.
const NewRequestCard = lazy(() => import('./NewRequestCard'));

/** /suporte, /suporte/{nCtrId}, /suporte/{nCtrId}/{upSell}: case list, then 'Nova solicitação' (NewRequestCard). */
export function SupportPage() {
  const selected = useSelectedContract();
  const c = selected.contract;
  // The same query as the list's (one request): the form waits for it, see below.
  const cases = useCases(c?.nCtrId);
  // ?caso={número}: a link to one of the contract's cases (the open-case notice of 'Nova solicitação').
  const [search, setSearch] = useSearchParams();
  // 'Minhas solicitações' (or its error) is the first screen; the form's module is asked for once it is painted,
  // so its download and start-up do not hold that paint back (ADR 025).
  const formWanted = useAfterPaint(c !== undefined && !cases.isLoading);

  if (selected.isLoading) return <Skeleton shape="block" label="Carregando…" />;
  if (selected.error && !c) return <QueryError error={selected.error} onRetry={selected.refetch} retrying={selected.isFetching} />;
  if (selected.notFound) return <ContractNotFound />;
  if (!c) return <Alert kind="info">Você não possui contratos ativos.</Alert>;

  return (
    <div className={styles.page}>
      <PageTitle>Solicitações</PageTitle>
      <PendingUploads />
      <VehicleSelector navigateTo="/suporte" />
      <CaseList
        nCtrId={c.nCtrId}
        linked={search.get('caso')}
        onLinkedClosed={() =>
          setSearch(
            (s) => {
              s.delete('caso');
              return s;
            },
            { replace: true },
          )
        }
      />
      {/* Nothing is below it: when it appears nothing moves. While another contract's list loads it is hidden (out
          of the layout), or the list growing from its skeleton would push it down (CLS 0.11–0.16 on a phone). */}
      {formWanted && (
        <Suspense fallback={null}>
          <NewRequestCard contract={c} hidden={cases.isLoading} cases={cases.data?.casos} />
        </Suspense>
      )}
    </div>
  );
}

export default SupportPage;
