import { Link } from 'react-router';
import { CreditCard, LifeBuoy, ShieldAlert, Truck, Wallet } from 'lucide-react';
import { BILL_STATUS_LABEL, formatIsoDate, formatMoney, nextBill, vehicleLabel } from '@guarita/domain';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useContract } from '../../../api/get-contract';
import { useBills } from '../../../api/get-bills';
import { SelectedContractGuard, type SelectedContract } from '../../common';
import { QueryError } from '../../../components/ui/QueryError';
import { Skeleton } from '../../../components/ui/Skeleton';
import { AdvanceLink, OpenTotal, OverdueBanner } from '../../payments';
import { paths } from '../../../lib/paths';
import { buttonClass } from '../../../components/ui/Button';
import type { SelectedContractDto } from '../../../hooks/use-selected-contract';
import { PendingUploads } from '../../uploads';

/** Start page for the selected contract: vehicle, plan, status, total open and quick actions. */
export function DashboardPage() {
  return (
    <SelectedContractGuard
      empty={
        <section className="card">
          <PageTitle>Início</PageTitle>
          <p>Você não possui contratos ativos.</p>
        </section>
      }
    >
      {(c, selected) => <Dashboard c={c} selected={selected} />}
    </SelectedContractGuard>
  );
}

function Dashboard({ c, selected }: { c: SelectedContractDto; selected: SelectedContract }) {
  const detail = useContract(c.nCtrId);
  const bills = useBills(c.nCtrId);

  // One render with the contract's details and bills: cards growing one after the other shifted the page (CLS).
  if (detail.isLoading || bills.isLoading) return <Skeleton shape="block" label="Carregando…" />;

  const index = selected.options.findIndex((o) => o.nCtrId === c.nCtrId);
  const open = bills.data?.openTotal ?? 0;
  const next = nextBill(bills.data?.bills ?? []);
  const overdue = bills.data?.bills.filter((b) => b.billStatus.idStatus === 'I') ?? [];

  return (
    <div className="dashboard">
      <PageTitle title="Início">{vehicleLabel(c, index)}</PageTitle>
      {bills.data && <OverdueBanner bills={bills.data.bills} />}
      <PendingUploads />
      <div className="grid">
        <section className="card" aria-labelledby="veiculo">
          <h2 id="veiculo">Veículo</h2>
          <dl className="facts">
            <dt>Placa</dt>
            <dd>{c.vehicle.numberPlate ?? 'Dispositivo sem placa'}</dd>
            <dt>Modelo</dt>
            <dd>{[c.vehicle.manufacturer, c.vehicle.vModel, c.vehicle.year].filter(Boolean).join(' ') || '—'}</dd>
            <dt>Rastreador</dt>
            <dd>{c.possuiDispositivo ? 'Instalado' : 'Não possui'}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="plano">
          <h2 id="plano">Plano</h2>
          <dl className="facts">
            <dt>Plano</dt>
            <dd>{c.planName}</dd>
            <dt>Contrato</dt>
            <dd>nº {c.nCtrId}</dd>
            <dt>Situação</dt>
            <dd>
              <span className={`badge badge-${c.status === 'Ativo' ? 'ok' : 'warn'}`}>{c.status}</span>
            </dd>
            <dt>Vigência desde</dt>
            <dd>{formatIsoDate(c.dataInicioVigencia)}</dd>
            <dt>Mensalidade</dt>
            <dd>
              {formatMoney(c.monthlyFee)} · vence todo dia {c.dueDay}
            </dd>
          </dl>
          {detail.data && (
            <ul className="coverages" aria-label="Coberturas">
              {detail.data.items.map((i) => (
                <li key={i.code}>{i.name}</li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="financeiro">
          <h2 id="financeiro">Financeiro</h2>
          {bills.error || !bills.data ? (
            <QueryError error={bills.error} onRetry={bills.refetch} retrying={bills.isFetching} />
          ) : (
            <>
              <OpenTotal total={open} bills={bills.data.bills} />
              {overdue.length > 0 && (
                <p className="text-danger">
                  {overdue.length === 1 ? '1 fatura' : `${overdue.length} faturas`} {BILL_STATUS_LABEL.I.toLowerCase()}
                  {overdue.length === 1 ? '' : 's'} — regularize para manter sua proteção ativa.
                </p>
              )}
              {next && (
                <p>
                  Próxima fatura: {formatMoney(next.docTotal)} em {formatIsoDate(next.docDueDate)}
                </p>
              )}
            </>
          )}
        </section>
      </div>
      <nav className="quick-actions" aria-label="Ações rápidas">
        {open > 0 && (
          <Link className={buttonClass('primary')} to={paths.payments.openInvoice}>
            <Wallet aria-hidden="true" size={18} /> Pagar fatura em aberto
          </Link>
        )}
        <Link className={buttonClass('secondary')} to={paths.payments.to(c.nCtrId)}>
          <CreditCard aria-hidden="true" size={18} /> Pagamentos
        </Link>
        <AdvanceLink nCtrId={c.nCtrId} />
        <Link className={buttonClass('secondary')} to={paths.support.to(c.nCtrId)}>
          <LifeBuoy aria-hidden="true" size={18} /> Abrir solicitação
        </Link>
        <Link className={buttonClass('secondary')} to={paths.notice.to(c.nCtrId)}>
          <ShieldAlert aria-hidden="true" size={18} /> Comunicar sinistro
        </Link>
        <Link className={buttonClass('secondary')} to={paths.extraServices}>
          <Truck aria-hidden="true" size={18} /> Serviços adicionais
        </Link>
      </nav>
    </div>
  );
}

export default DashboardPage;
