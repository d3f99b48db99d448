import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADVANCE_METHOD_LABEL,
  ADVANCE_STATUS_LABEL,
  formatInstant,
  formatMoney,
  LINK_STATUS_LABEL,
  REFUND_STATUS_LABEL,
  RefundBody,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextArea } from '../../../components/ui/TextArea';
import { useAdvances, type AdvanceStatus } from '../api/get-advances';
import { useLatePix, type LatePixPage, type RefundStatus } from '../api/get-late-pix';
import { usePaymentLinks, type LinkStatus } from '../api/get-payment-links';
import { useStaffMe } from '../api/get-me';
import { useMarkRefunded } from '../api/mark-refunded';
import { useSessionEnded } from './use-session-ended';
import { ConsoleTitle } from './ConsoleTitle';
import { RequireRole } from './ConsolePages';
import { DeskTable, StatusFilter } from './DeskTable';
import { PaymentsSection } from './PaymentsDesk';
import styles from './Backoffice.module.css';

type LatePix = LatePixPage['itens'][number];

/** 'Marcar reembolsado': the note of how the money went back is required; the action is audited. */
function RefundForm({ row, onDone }: { row: LatePix; onDone: () => void }) {
  const refund = useMarkRefunded();
  const form = useForm<RefundBody>({ resolver: zodResolver(RefundBody), defaultValues: { observacao: '' } });
  const submit = form.handleSubmit(({ observacao }) => refund.mutate({ id: row.id, observacao }, { onSuccess: onDone }));
  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      {refund.error && <Alert>{refund.error.message}</Alert>}
      <TextArea
        label={`Como o reembolso foi feito (Pix ${row.txid})`}
        maxLength={1000}
        error={form.formState.errors.observacao?.message}
        {...form.register('observacao')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={refund.isPending}>
          Confirmar reembolso
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

function LatePixSection({ canRefund }: { canRefund: boolean }) {
  const [status, setStatus] = useState<RefundStatus | ''>('pending');
  const [refunding, setRefunding] = useState<number | null>(null);
  const q = useLatePix(status || undefined);
  const rows = q.data?.pages.flatMap((p) => p.itens) ?? [];
  return (
    <section className={styles.section} aria-labelledby="pix-atrasados">
      <h2 id="pix-atrasados">Pix recebidos após o vencimento</h2>
      <StatusFilter label="Reembolso" placeholder="Todos" labels={REFUND_STATUS_LABEL} value={status} onChange={setStatus} />
      <DeskTable
        q={q}
        rows={rows}
        caption="Pix recebidos após o vencimento, do mais novo ao mais antigo"
        columns={[
          ['Recebido em', (r) => formatInstant(r.recebidoEm)],
          ['Contrato', (r) => r.nCtrId],
          ['Cliente', (r) => r.documento],
          ['Valor', (r) => formatMoney(r.valor)],
          ['Crédito', (r) => (r.credito > 0 ? formatMoney(r.credito) : '—')],
          ['Situação', (r) => (r.resultado === 'settled' ? 'Quitou as faturas com atraso' : 'Crédito (faturas já pagas)')],
          [
            'Reembolso',
            (r) => (
              <>
                {REFUND_STATUS_LABEL[r.reembolso]}
                {r.reembolsadoEm && ` em ${formatInstant(r.reembolsadoEm)} por ${r.reembolsadoPor ?? '—'}: ${r.observacao ?? ''}`}
                {r.reembolso === 'pending' && r.devolucao === 'provedor' && (
                  <span> Devolução pelo provedor: em Pagamentos (Crédito de Pix atrasado), use Estornar.</span>
                )}
                {canRefund && r.reembolso === 'pending' && r.devolucao !== 'provedor' && refunding !== r.id && (
                  <Button type="button" variant="secondary" onClick={() => setRefunding(r.id)}>
                    Marcar reembolsado
                  </Button>
                )}
                {refunding === r.id && <RefundForm row={r} onDone={() => setRefunding(null)} />}
              </>
            ),
          ],
        ]}
      />
    </section>
  );
}

function AdvancesSection() {
  const [status, setStatus] = useState<AdvanceStatus | ''>('');
  const q = useAdvances(status || undefined);
  const rows = q.data?.pages.flatMap((p) => p.itens) ?? [];
  return (
    <section className={styles.section} aria-labelledby="antecipacoes">
      <h2 id="antecipacoes">Antecipações</h2>
      <StatusFilter label="Situação da antecipação" placeholder="Todas" labels={ADVANCE_STATUS_LABEL} value={status} onChange={setStatus} />
      <DeskTable
        q={q}
        rows={rows}
        caption="Pedidos de antecipação, do mais novo ao mais antigo"
        columns={[
          ['Pedido em', (r) => formatInstant(r.criadoEm)],
          ['Contrato', (r) => r.nCtrId],
          ['Fatura', (r) => r.fatura],
          ['Forma', (r) => ADVANCE_METHOD_LABEL[r.metodo]],
          ['Valor', (r) => formatMoney(r.valor)],
          ['Situação', (r) => ADVANCE_STATUS_LABEL[r.status]],
        ]}
      />
    </section>
  );
}

function LinksSection() {
  const [status, setStatus] = useState<LinkStatus | ''>('');
  const q = usePaymentLinks(status || undefined);
  const rows = q.data?.pages.flatMap((p) => p.itens) ?? [];
  return (
    <section className={styles.section} aria-labelledby="links">
      <h2 id="links">Links de pagamento</h2>
      <StatusFilter label="Situação do link" placeholder="Todos" labels={LINK_STATUS_LABEL} value={status} onChange={setStatus} />
      <DeskTable
        q={q}
        rows={rows}
        caption="Links de pagamento, do mais novo ao mais antigo"
        columns={[
          ['Criado em', (r) => formatInstant(r.criadoEm)],
          ['Contrato', (r) => r.nCtrId],
          ['Faturas', (r) => r.faturas.join(', ')],
          ['Valor', (r) => formatMoney(r.valor)],
          ['Situação', (r) => `${LINK_STATUS_LABEL[r.status]}${r.pagoEm ? ` em ${formatInstant(r.pagoEm)}` : ''}`],
          ['Expira em', (r) => formatInstant(r.expiraEm)],
        ]}
      />
    </section>
  );
}

/**
 * The financeiro desk (issue 13 §2): payments with their provider history and refunds (issue 27 item 7), late Pix and
 * refunds, advance requests, payment links. Admin reads it too; only financeiro refunds.
 */
export function FinancePage() {
  const me = useStaffMe();
  useSessionEnded(me.error);
  return (
    <>
      <ConsoleTitle>Financeiro</ConsoleTitle>
      <PaymentsSection canRefund={me.data?.papel === 'financeiro'} />
      <LatePixSection canRefund={me.data?.papel === 'financeiro'} />
      <AdvancesSection />
      <LinksSection />
    </>
  );
}

/** Financeiro's desk, read by admin too; any other role opening its address sees the 'not for your role' page. */
export default function FinanceRoute() {
  return (
    <RequireRole roles={['financeiro', 'admin']}>
      <FinancePage />
    </RequireRole>
  );
}
