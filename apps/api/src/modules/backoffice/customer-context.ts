import {
  billTotal,
  CARD_BRAND_LABEL,
  caseKindOf,
  contextPurpose,
  CUSTOMER_CONTEXT_ACTION,
  maskDocument,
  type CaseKind,
  type ContractId,
  type CustomerContextDto,
} from '@guarita/domain';
import type { Database } from '../../db/db';
import type { CaseRecord, CaseSystem } from '../cases';
import type { ClaimsService } from '../claims';
import type { ContractService } from '../contracts';
import type { CustomersService } from '../customers';
import type { NotificationsService } from '../notifications';
import type { AuditLog } from '../staff';
import type { Acting } from './service';

/** The latest notifications the panel lists. */
const NOTIFICATIONS_SHOWN = 10;

/**
 * The customer's context beside a case (issue 30 item 15), read-only, through the owning modules' services (contracts
 * and their bills, cases, claims, notifications): nothing here queries their tables. The caller has checked that the
 * staff member may read the case (`BackofficeService.caseFor`); every read writes its audit row before answering.
 */
export class CustomerContext {
  constructor(
    private readonly db: Database,
    private readonly caseSystem: CaseSystem,
    private readonly claims: ClaimsService,
    private readonly customers: CustomersService,
    private readonly contracts: ContractService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditLog,
  ) {}

  async read(s: Acting, c: CaseRecord, canOpen: (kind: CaseKind) => boolean): Promise<CustomerContextDto> {
    const customerId = c.customerId;
    const [holder, contracts, claims, notes] = await Promise.all([
      this.customers.holder(customerId),
      this.contracts.list(customerId),
      this.claims.list(customerId),
      this.notifications.list(customerId, { limite: NOTIFICATIONS_SHOWN }),
    ]);
    const perContract = await Promise.all(
      contracts.map(async (k) => {
        const [bills, cases] = await Promise.all([
          this.contracts.bills(customerId, k.nCtrId as ContractId),
          this.caseSystem.listByContract(customerId, k.nCtrId),
        ]);
        return { k, bills, cases };
      }),
    );
    const dto: CustomerContextDto = {
      cliente: { nome: holder?.name ?? '', documento: maskDocument(holder?.document ?? '') },
      contratos: perContract.map(({ k, bills }) => {
        const open = bills.bills
          .filter((b) => b.billStatus.idStatus !== 'P')
          .map((b) => ({
            vencimento: b.docDueDate,
            valor: billTotal({ ...b, idStatus: b.billStatus.idStatus }),
            situacao: b.billStatus.idStatus as 'I' | 'A',
          }))
          .sort((a, b) => (a.situacao === b.situacao ? a.vencimento.localeCompare(b.vencimento) : a.situacao === 'I' ? -1 : 1));
        const vehicle = [k.vehicle.manufacturer, k.vehicle.vModel, k.vehicle.year].filter(Boolean).join(' ');
        return {
          nCtrId: k.nCtrId,
          plano: k.planName,
          situacao: k.status,
          veiculo: vehicle || null,
          placa: k.vehicle.numberPlate,
          mensalidade: k.monthlyFee,
          // 'Cartão Visa final 4242': the last digits alone read as a number.
          formaPagamento: k.cardSummary
            ? ['Cartão', k.pmCard && CARD_BRAND_LABEL[k.pmCard], 'final', k.cardSummary].filter(Boolean).join(' ')
            : 'Boleto ou Pix',
          faturasAbertas: open,
          totalVencido: bills.openTotal,
        };
      }),
      casos: perContract
        .flatMap(({ cases }) => cases)
        .filter((x) => x.CaseNumber !== c.CaseNumber && caseKindOf(x) === 'suporte')
        .sort((a, b) => b.CreatedDate.localeCompare(a.CreatedDate))
        .map((x) => ({
          CaseNumber: x.CaseNumber,
          Reason: x.Reason,
          Subject: x.Subject,
          Status: x.Status,
          Fase__c: x.Fase__c,
          CreatedDate: x.CreatedDate,
          nCtrId: perContract.find((p) => p.cases.includes(x))!.k.nCtrId,
          podeAbrir: canOpen('suporte'),
        })),
      sinistros: claims.sinistros
        .filter((x) => x.CaseNumber !== c.CaseNumber)
        .sort((a, b) => b.CreatedDate.localeCompare(a.CreatedDate))
        .map((x) => ({
          CaseNumber: x.CaseNumber,
          Reason: x.motivo,
          Subject: 'Sinistro',
          Status: x.Status,
          Fase__c: x.Fase__c,
          CreatedDate: x.CreatedDate,
          nCtrId: x.nCtrId,
          placa: x.placa,
          perdaTotal: x.Qualificado_como_PT__c,
          podeAbrir: canOpen(caseKindOf({ Reason: x.Reason, Subject: 'Sinistro' })),
        })),
      notificacoes: notes.itens.map((n) => ({ titulo: n.titulo, tipo: n.tipo, CreatedDate: n.CreatedDate, lida: n.lida })),
    };
    // Who looked at the customer's data, in which role, for what, and when (the row's time): the customer's privacy page
    // ("Beyond II") lists these rows. What was shown is summarised (sections and counts), not copied into the log.
    await this.audit.record(
      this.db,
      { id: s.id, email: s.email, role: s.role, ip: s.ip },
      {
        action: CUSTOMER_CONTEXT_ACTION,
        caseNumber: c.CaseNumber,
        customerId,
        after: {
          finalidade: contextPurpose(c.CaseNumber),
          papel: s.role,
          secoes: {
            contratos: dto.contratos.length,
            faturasAbertas: dto.contratos.reduce((n, k) => n + k.faturasAbertas.length, 0),
            casos: dto.casos.length,
            sinistros: dto.sinistros.length,
            notificacoes: dto.notificacoes.length,
          },
        },
      },
    );
    return dto;
  }
}
