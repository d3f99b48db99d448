import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatIsoDate, formatMoney } from '@guarita/domain';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClass } from '../../../components/ui/Button';
import type { SelectedContractDto } from '../../../hooks/use-selected-contract';
import { CobreModal, SelectedContractGuard } from '../../common';
import { VehicleSelector } from '../../shell';
import { usePlan } from '../api/get-plan';
import { downloadContract } from '../api/download-contract';
import { ReferralCard } from './ReferralCard';
import s from './PlanPage.module.css';
import { Skeleton } from '../../../components/ui/Skeleton';
import { QueryError } from '../../../components/ui/QueryError';

/** /meu-plano: covered services, what the plan includes, referral discount, contracts, plan change. */
export function PlanPage() {
  return <SelectedContractGuard>{(contract) => <Plan c={contract} />}</SelectedContractGuard>;
}

function Plan({ c }: { c: SelectedContractDto }) {
  const plan = usePlan(c.nCtrId);
  const [cobreOpen, setCobreOpen] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (url: string, kind: string) => {
    setDownloadError(null);
    setDownloading(kind);
    try {
      await downloadContract(url, `contrato-${kind}-${c.nCtrId}.pdf`);
    } catch (err) {
      setDownloadError((err as Error).message);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <div className={s.page}>
      <PageTitle>Meu plano</PageTitle>
      <VehicleSelector navigateTo={paths.plan} />
      {plan.isLoading && <Skeleton shape="block" label="Carregando plano…" />}
      {plan.error && !plan.data && <QueryError error={plan.error} onRetry={plan.refetch} retrying={plan.isFetching} />}
      {plan.data && (
        <>
          <section className="card" aria-labelledby="plano">
            <h2 id="plano">{plan.data.planName}</h2>
            <p>
              Mensalidade {formatMoney(plan.data.monthlyFee)} · vence todo dia {plan.data.dueDay} · vigência desde{' '}
              {formatIsoDate(plan.data.validityStart)}
            </p>
            <div className={s.actions}>
              {plan.data.cobre ? (
                <>
                  <Button onClick={() => setCobreOpen(true)}>Alterar plano</Button>
                  <Button variant="secondary" onClick={() => setCobreOpen(true)}>
                    Trocar veículo
                  </Button>
                </>
              ) : (
                <Link className={buttonClass('primary')} to={`${paths.support.to(c.nCtrId)}/1`}>
                  Alterar plano
                </Link>
              )}
              <Link className={buttonClass('secondary')} to={paths.support.pattern}>
                Falar com o suporte
              </Link>
            </div>
          </section>
          <div className={s.grid}>
            <section className="card" aria-labelledby="coberturas">
              <h2 id="coberturas">Serviços cobertos</h2>
              <ul className={s.list} aria-labelledby="coberturas">
                {plan.data.coverages.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
              <p>
                <Link to={paths.extraServices}>Adicionar guincho ou assistência 24h</Link>
              </p>
            </section>
            <section className="card" aria-labelledby="inclui">
              <h2 id="inclui">O que seu plano inclui</h2>
              <ul className={s.list} aria-labelledby="inclui">
                {plan.data.contents.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          </div>
          <ReferralCard plan={plan.data} />
          <section className="card" aria-labelledby="contratos">
            <h2 id="contratos">Meus contratos</h2>
            <p>Baixe as condições gerais e o contrato específico do seu veículo em PDF.</p>
            <div className={s.actions}>
              <Button
                variant="secondary"
                loading={downloading === 'geral'}
                onClick={() => void download(plan.data.contracts.geral, 'geral')}
              >
                Baixar contrato geral
              </Button>
              <Button
                variant="secondary"
                loading={downloading === 'especifico'}
                onClick={() => void download(plan.data.contracts.especifico, 'especifico')}
              >
                Baixar contrato específico
              </Button>
            </div>
            {downloadError && <Alert>{downloadError}</Alert>}
            <p className={s.muted}>
              Veja também os <Link to={paths.terms}>termos de uso</Link> e a <Link to={paths.privacy}>política de privacidade</Link>.
            </p>
          </section>
          <CobreModal open={cobreOpen} contact={plan.data.contact} onClose={() => setCobreOpen(false)} />
        </>
      )}
    </div>
  );
}

export default PlanPage;
