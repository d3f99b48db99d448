import {
  APPROVAL_ERRORS,
  APPROVAL_MSG,
  cents,
  contractItemsFromQuotation,
  DECISION_MSG,
  dueDateProRata,
  dueDayBillChanges,
  feeFromQuotation,
  fipePriceCode,
  formatIsoDate,
  formatMoney,
  isDueDay,
  vehicleFromQuotation,
  VEHICLE_TYPES,
  type ContractItemDto,
  type ContractVehicle,
  type DecidableRequest,
  type DecisionPreviewDto,
  type VehicleQuotation,
} from '@guarita/domain';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../ports/clock';
import type { CaseRecord, CaseRequest } from '../cases';
import type { Executor } from '../../db/db';
import type { ContractService, ContractTerms } from '../contracts';
import type { CustomersService } from '../customers';
import type { PlansService } from '../plans';

type Line = DecisionPreviewDto['linhas'][number];

/** One approval worked out against the contract as it is now: what the console shows, what is written, what is audited. */
export interface PreparedApproval {
  lines: Line[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** the comment the customer reads */
  message: string;
  /** writes the change on the same executor the approval was prepared on (the decision's transaction) */
  write: () => Promise<unknown>;
}

/** A registration change's payload (001 §3 JSON_Retorno_Soon__c), as the case stores it. */
interface RegistrationPayload {
  cep?: string;
  estado?: string;
  cidade?: string;
  bairro?: string;
  rua?: string;
  numero?: string;
  complemento?: string;
  telefone?: string;
  email?: string;
  finsComerciais?: string;
}

const conflict = (message: string) => new AppError(409, 'CANNOT_APPLY', message);
const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));
const parseJson = <T>(raw: unknown): T | null => {
  if (typeof raw !== 'string') return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};
const vehicleTypeLabel = (code: string) => VEHICLE_TYPES.find((t) => t.code === code)?.label ?? code;
const itemLabel = (i: Pick<ContractItemDto, 'name' | 'subItems'>) => {
  const km = i.subItems.find((s) => s.selected && s.towingKm !== null);
  return km ? `${i.name} (${km.name})` : i.name;
};
const vehicleLines = (before: ContractVehicle, after: ContractVehicle): Line[] => [
  { campo: 'Placa', atual: dash(before.plate), novo: dash(after.plate) },
  {
    campo: 'Veículo',
    atual: dash([before.manufacturer, before.model].filter(Boolean).join(' ')),
    novo: dash([after.manufacturer, after.model].filter(Boolean).join(' ')),
  },
  { campo: 'Ano', atual: dash(before.year), novo: dash(after.year) },
  { campo: 'Valor FIPE coberto', atual: formatMoney(before.fipeLimit), novo: formatMoney(after.fipeLimit) },
  { campo: 'Tipo de veículo', atual: vehicleTypeLabel(before.vehicleType), novo: vehicleTypeLabel(after.vehicleType) },
];

/**
 * What approving each request type writes (ADR 055 'Approvals apply data in one transaction'). `prepare` reads the
 * contract as it is now through the executor it is given and answers the lines the console shows and a `write`
 * for the same numbers: the console previews on the pool, the approval prepares and writes in its transaction
 * after the contract lock, so what staff saw is what is applied unless the contract changed meanwhile.
 */
export class Approvals {
  constructor(
    private readonly customers: CustomersService,
    private readonly contracts: ContractService,
    private readonly plans: PlansService,
    private readonly clock: Pick<Clock, 'today'>,
  ) {}

  /** `preview`: for the console only (reads outside any transaction are allowed then). */
  async prepare(q: Executor, type: DecidableRequest, c: CaseRecord, request: CaseRequest, preview = false): Promise<PreparedApproval> {
    if (type === 'dados-cadastrais') return this.registration(q, c, request, preview);
    const terms = await this.contracts.terms(q, c.nCtrId);
    if (!terms) throw new AppError(404, 'NOT_FOUND', 'Contrato não encontrado.');
    if (type === 'vencimento') return this.dueDate(q, c, request, terms);
    if (type === 'plano') return this.plan(q, c, request, terms);
    return this.vehicle(q, c, request, terms);
  }

  /** Registration change: e-mail, contact phone, billing address and vehicle use (stage 3 of the issue). */
  private async registration(q: Executor, c: CaseRecord, request: CaseRequest, preview: boolean): Promise<PreparedApproval> {
    const p = parseJson<RegistrationPayload>(request.details.JSON_Retorno_Soon__c) ?? {};
    const change = {
      ...(p.email ? { email: p.email } : {}),
      ...(p.telefone ? { phone: p.telefone } : {}),
      ...(p.rua
        ? {
            address: {
              street: p.rua,
              streetNo: p.numero ?? '',
              building: p.complemento || null,
              block: p.bairro || null,
              city: p.cidade ?? '',
              state: (p.estado ?? '').toUpperCase(),
              zipCode: (p.cep ?? '').replace(/\D/g, ''),
            },
          }
        : {}),
    };
    // The customer's current data is read for the console only: the approval writes through applyRegistrationChange,
    // which reads its own 'before' under the transaction (a read on the pool would wait for it on PGlite).
    const now = preview ? await this.customers.info(c.customerId) : null;
    const billing = now?.addresses.find((a) => a.addressType === 'Cobrança');
    const addressText = (a: { street: string; streetNo: string; city: string; state: string } | undefined) =>
      a ? `${a.street}, ${a.streetNo} — ${a.city}/${a.state}` : '—';
    const lines: Line[] = [
      ...(change.email ? [{ campo: 'E-mail', atual: dash(now?.email), novo: change.email }] : []),
      ...(change.phone ? [{ campo: 'Telefone', atual: dash(now?.phone), novo: change.phone }] : []),
      ...(change.address ? [{ campo: 'Endereço de cobrança', atual: addressText(billing), novo: addressText(change.address) }] : []),
      ...(p.finsComerciais === 'Sim' || p.finsComerciais === 'Não'
        ? [{ campo: 'Fins comerciais', atual: '—', novo: p.finsComerciais }]
        : []),
    ];
    const result = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
    return {
      lines,
      ...result,
      message: DECISION_MSG.approved,
      write: async () => {
        const { before, after } = await this.customers.applyRegistrationChange(q, c.customerId, change);
        if (p.finsComerciais === 'Sim' || p.finsComerciais === 'Não') {
          before.finsComerciais = await this.contracts.setCommercialUse(q, c.nCtrId, p.finsComerciais === 'Sim');
          after.finsComerciais = p.finsComerciais === 'Sim';
        }
        Object.assign(result.before, before);
        Object.assign(result.after, after);
      },
    };
  }

  /** Due-date change: the due day, and the open bills moved with the pro-rata of ADR 050 computed for today. */
  private async dueDate(q: Executor, c: CaseRecord, request: CaseRequest, terms: ContractTerms): Promise<PreparedApproval> {
    const day = Number(request.details.DiaVencimento__c);
    if (!isDueDay(day)) throw conflict(APPROVAL_ERRORS.dueDayMissing);
    const sim = dueDateProRata({ monthlyFee: cents(terms.monthlyFee), currentDay: terms.dueDay, newDay: day, today: this.clock.today() });
    const bills = await this.contracts.billRows(q, c.nCtrId);
    const changes = dueDayBillChanges(bills, sim, day);
    const first = changes[0] && bills.find((b) => b.docEntry === changes[0]!.docEntry);
    const proRata =
      sim.valorAcrescimo > 0
        ? `Acréscimo de ${formatMoney(sim.valorAcrescimo)} (${sim.diasProporcionais} dias)`
        : sim.valorVoucher > 0
          ? `Crédito de ${formatMoney(sim.valorVoucher)} (${sim.diasProporcionais} dias)`
          : 'Nenhum';
    return {
      lines: [
        { campo: 'Dia de vencimento', atual: String(terms.dueDay), novo: String(day) },
        {
          campo: 'Próxima fatura',
          atual: first ? `${formatIsoDate(first.docDueDate)} · ${formatMoney(first.docTotal)}` : '—',
          novo: changes[0] ? `${formatIsoDate(changes[0].docDueDate)} · ${formatMoney(changes[0].docTotal)}` : '—',
        },
        { campo: 'Pró-rata (calculado hoje)', atual: '—', novo: proRata },
        { campo: 'Faturas abertas remarcadas', atual: '—', novo: String(changes.length) },
      ],
      before: {
        diaVencimento: terms.dueDay,
        faturas: bills
          .filter((b) => changes.some((x) => x.docEntry === b.docEntry))
          .map(({ docEntry, docDueDate, docTotal }) => ({ docEntry, docDueDate, docTotal })),
      },
      after: {
        diaVencimento: day,
        faturas: changes,
        proRata: { dias: sim.diasProporcionais, acrescimo: sim.valorAcrescimo, voucher: sim.valorVoucher },
      },
      message: APPROVAL_MSG.vencimento(day),
      write: () => this.contracts.setDueDay(q, c.nCtrId, day, changes),
    };
  }

  /** Plan change: the accepted quotation's plan, items (towing km included), fee and payment type (ADR 051). */
  private async plan(q: Executor, c: CaseRecord, request: CaseRequest, terms: ContractTerms): Promise<PreparedApproval> {
    const id = request.details.idCotacao;
    const quotation = typeof id === 'string' ? await this.plans.acceptedQuotation(q, id) : null;
    if (!quotation || quotation.nCtrId !== c.nCtrId) throw conflict(APPROVAL_ERRORS.quotationMissing);
    // Priced against another plan or vehicle than the contract has now: the numbers no longer hold.
    if (
      quotation.idPlanAtual !== terms.idPlan ||
      quotation.vehicleType !== terms.vehicle.vehicleType ||
      quotation.fipeCode !== fipePriceCode(cents(terms.vehicle.fipeLimit))
    )
      throw conflict(APPROVAL_ERRORS.quotationStale);
    const current = await this.contracts.itemsIn(q, c.nCtrId);
    const items = contractItemsFromQuotation({
      current,
      required: quotation.quote.required,
      added: quotation.quote.added,
      paymentType: quotation.paymentType,
      reboque: quotation.quote.reboque,
      towingOptions: quotation.towingOptions,
    });
    const fee = feeFromQuotation(quotation);
    const annual = quotation.paymentType === 'A';
    return {
      lines: [
        { campo: 'Plano', atual: `${terms.planName} (${terms.idPlan})`, novo: `${quotation.planName} (${quotation.idPlano})` },
        { campo: 'Pagamento', atual: '—', novo: annual ? `Anual, em ${quotation.installments}x` : 'Mensal' },
        { campo: 'Mensalidade', atual: formatMoney(terms.monthlyFee), novo: formatMoney(fee) },
        { campo: 'Itens', atual: current.map(itemLabel).join(', ') || '—', novo: items.map(itemLabel).join(', ') },
        { campo: 'Cotação aceita', atual: '—', novo: quotation.id },
      ],
      before: { idPlan: terms.idPlan, mensalidade: terms.monthlyFee, itens: current.map(itemLabel) },
      after: {
        idPlan: quotation.idPlano,
        tipoPagamento: quotation.paymentType,
        mensalidade: fee,
        itens: items.map(itemLabel),
        idCotacao: quotation.id,
      },
      message: APPROVAL_MSG.plano,
      write: () => this.contracts.setPlan(q, c.nCtrId, { idPlan: quotation.idPlano, planName: quotation.planName, monthlyFee: fee, items }),
    };
  }

  /** Vehicle change / plate correction: plate, model, year, FIPE value and type from the server's Cotacao__c (ADR 052). */
  private async vehicle(q: Executor, c: CaseRecord, request: CaseRequest, terms: ContractTerms): Promise<PreparedApproval> {
    const quotation = parseJson<VehicleQuotation>(request.details.Cotacao__c);
    if (!quotation) throw conflict(APPROVAL_ERRORS.vehicleQuotationMissing);
    const plate = typeof request.details.QualNumeroPlaca__c === 'string' ? request.details.QualNumeroPlaca__c : null;
    const vehicle = vehicleFromQuotation(quotation, plate);
    return {
      lines: vehicleLines(terms.vehicle, vehicle),
      before: { ...terms.vehicle },
      after: { ...vehicle },
      message: APPROVAL_MSG['troca-veiculo'],
      write: () => this.contracts.setVehicle(q, c.nCtrId, vehicle),
    };
  }
}
