import { randomUUID } from 'node:crypto';
import {
  acquiredServices,
  annualInstallments,
  casePayloadBase,
  catalogueChannel,
  cents,
  choiceKey,
  fipePriceCode,
  isCobrePlan,
  isRecupPlan,
  itemChanges,
  PLAN_CHANGE_MSG,
  planChangeDescription,
  planChangeRequestSchema,
  planChangeState,
  planState,
  pricedOffer,
  quotePlan,
  SERVICE_CODES,
  towingOptions,
  type CaseCreatedDto,
  type ContractDto,
  type ContractId,
  type PaymentType,
  type PlanChangeDto,
  type PricedItem,
  type QuotationDto,
  type QuotationRequest,
} from '@guarita/domain';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../ports/clock';
import type { CasesService } from '../cases';
import type { Executor } from '../../db/db';
import type { ContractService } from '../contracts';
import type { IdempotentAnswer } from '../../lib/idempotency';
import type { PlanService } from '../plan';
import type { PlansRepository, StoredQuotation } from './repository';

export interface PlansSettings {
  /** How long a quotation can be accepted. */
  quotationTtlMs: number;
}

const unavailable = (code: string, message: string) => new AppError(422, code, message);
const quotationNotFound = () => new AppError(404, 'NOT_FOUND', 'Cotação não encontrada.');
export const QUOTATION_EXPIRED_MSG = 'Esta cotação expirou. Confira os valores atualizados e confirme de novo.';

interface Resolved {
  contract: ContractDto;
  idPlano: string;
  paymentType: PaymentType;
  canToggleAnnual: boolean;
  state: string;
  stateName: string;
  offer: PricedItem[];
  acquired: ReturnType<typeof acquiredServices>;
  vehicleType: Awaited<ReturnType<ContractService['vehicleType']>>;
}

/**
 * Plan change (issue 12 §1–§2): the state's catalogue, the target plan priced for the insured vehicle, quotations
 * stored with an expiry, and the plan-change case that carries the accepted quotation's id. Every number comes from
 * the catalogue and price table through the domain's rules (ADR 051); the client only says what it chose.
 */
export class PlansService {
  constructor(
    private readonly repo: PlansRepository,
    private readonly contracts: ContractService,
    private readonly plan: PlanService,
    private readonly cases: CasesService,
    private readonly clock: Clock,
    private readonly settings: PlansSettings,
  ) {}

  /** The plan-change screen's data, or the COBRE answer with the sales executive. */
  async planChange(customerId: number, nCtrId: ContractId, paymentType: PaymentType): Promise<PlanChangeDto> {
    const contract = await this.contracts.requireActive(customerId, nCtrId);
    if (isCobrePlan(contract.idPlan)) return { situacao: 'cobre', nCtrId, contato: await this.plan.contact(contract.slpCode) };
    const r = await this.resolve(contract, nCtrId, paymentType);
    const fipe = fipePriceCode(cents(contract.fipeLimit ?? 0));
    return {
      situacao: 'disponivel',
      nCtrId,
      idPlan: contract.idPlan,
      idPlano: r.idPlano,
      estado: r.state,
      nomeEstado: r.stateName,
      tipoPagamento: r.paymentType,
      podeAlternarAnual: r.canToggleAnnual,
      isRecupPlan: isRecupPlan(r.idPlano),
      fipe,
      veiculo: { modelo: contract.vehicle.vModel ?? null, placa: contract.vehicle.numberPlate ?? null },
      coberturasBasicas: r.offer.filter((i) => i.obrigatorio).map((i) => i.descricao),
      itens: r.offer.map((i) => ({
        codigoItem: i.codigoItem,
        descricao: i.descricao,
        preco: i.preco,
        obrigatorio: i.obrigatorio,
        adquirido: r.acquired.codes.has(i.codigoItem),
        ...(i.options
          ? {
              opcoesKm: i.options.map((o) => ({
                codigoItem: o.codigoItem,
                descricao: o.descricao,
                km: o.km,
                preco: o.preco,
                idLinha: o.idLinha,
                dataVinculo: o.dataVinculo,
                itemPadrao: o.itemPadrao,
              })),
              kmAdquirido: r.acquired.towingKm,
            }
          : {}),
      })),
      parcelas: r.paymentType === 'A' ? annualInstallments(this.clock.today(), contract.dataFimVigencia) : 1,
    };
  }

  /** A quotation (cotacoes/troca-plano): priced by the server, stored, valid for settings.quotationTtlMs. */
  async quote(customerId: number, nCtrId: ContractId, req: QuotationRequest): Promise<QuotationDto> {
    const contract = await this.contracts.requireActive(customerId, nCtrId);
    if (isCobrePlan(contract.idPlan))
      throw unavailable('COBRE_PLAN', 'Este plano não pode ser alterado online. Fale com o seu executivo de vendas.');
    const r = await this.resolve(contract, nCtrId, req.tipoPagamento);
    const optional = new Map(r.offer.filter((i) => !i.obrigatorio).map((i) => [i.codigoItem, i]));
    for (const code of req.itens) {
      if (!optional.has(code)) throw new AppError(400, 'VALIDATION', 'Item indisponível para este plano.');
    }
    const chosen = new Set(req.itens);
    let reboque: QuotationDto['reboque'] = null;
    const items = r.offer.map((i) => {
      if (i.codigoItem !== SERVICE_CODES.towing || !chosen.has(i.codigoItem)) return i;
      const km = req.reboqueKm ?? i.options?.find((o) => o.itemPadrao)?.km ?? i.options?.[0]?.km;
      const option = i.options?.find((o) => o.km === km);
      if (!option) throw new AppError(400, 'VALIDATION', 'Opção de reboque indisponível.');
      reboque = { codigoItem: option.codigoItem, descricao: option.descricao, km: option.km };
      return { ...i, descricao: option.descricao, preco: option.preco };
    });
    const fipeValue = cents(contract.fipeLimit ?? 0);
    const q = quotePlan({
      items,
      chosen,
      fipeValue,
      paymentType: r.paymentType,
      isRecupPlan: isRecupPlan(r.idPlano),
      today: this.clock.today(),
      validityEnd: contract.dataFimVigencia,
    });
    // What the overlay lists: optional items (towing with its km) chosen now vs. what the contract has.
    const names = new Map<string, string>();
    const acquiredKeys = new Set<string>();
    for (const i of optional.values()) {
      if (!r.acquired.codes.has(i.codigoItem)) continue;
      const km = i.codigoItem === SERVICE_CODES.towing ? r.acquired.towingKm : null;
      const key = choiceKey(i.codigoItem, km);
      acquiredKeys.add(key);
      names.set(key, i.options?.find((o) => o.km === km)?.descricao ?? i.descricao);
    }
    const chosenKeys = new Set<string>();
    for (const line of q.added) {
      const key = choiceKey(
        line.service_code,
        line.service_code === SERVICE_CODES.towing ? (reboque as QuotationDto['reboque'])?.km : null,
      );
      chosenKeys.add(key);
      names.set(key, line.service_name);
    }
    const changes = itemChanges({ acquired: acquiredKeys, chosen: chosenKeys });
    const stored: StoredQuotation = {
      id: randomUUID(),
      customerId,
      nCtrId,
      idPlano: r.idPlano,
      paymentType: q.paymentType,
      fipeCode: q.fipe,
      initialValue: q.initialVlue,
      installments: q.installments,
      installmentValue: q.installmentValue,
      quote: {
        required: q.required,
        added: q.added,
        notAdded: q.notAdded,
        isRecupPlan: q.isRecupPlan,
        reboque,
        adicionados: changes.added.map((k) => names.get(k) ?? k),
        removidos: changes.removed.map((k) => names.get(k) ?? k),
      },
      expiresAt: new Date(this.clock.now().getTime() + this.settings.quotationTtlMs).toISOString(),
    };
    await this.repo.insertQuotation({ ...stored, idPlanAtual: contract.idPlan, vehicleType: r.vehicleType });
    return toDto(stored);
  }

  async quotation(customerId: number, id: string): Promise<QuotationDto> {
    const q = await this.repo.quotation(customerId, id);
    if (!q) throw quotationNotFound();
    return toDto(q);
  }

  /**
   * The plan-change case: the quotation is re-read on the server (the customer's, this contract's, not expired),
   * and the case stores its id and a description of its numbers — never figures sent by the client.
   */
  async submit(customerId: number, nCtrId: ContractId, idempotencyKey: string, raw: unknown): Promise<IdempotentAnswer<CaseCreatedDto>> {
    const parsed = planChangeRequestSchema.safeParse(raw);
    if (!parsed.success) throw new AppError(400, 'VALIDATION', parsed.error.issues[0]?.message ?? PLAN_CHANGE_MSG.planDataNotLoaded);
    const contract = await this.contracts.requireActive(customerId, nCtrId);
    if (isCobrePlan(contract.idPlan))
      throw unavailable('COBRE_PLAN', 'Este plano não pode ser alterado online. Fale com o seu executivo de vendas.');
    const q = await this.repo.quotation(customerId, parsed.data.idCotacao);
    if (!q || q.nCtrId !== nCtrId) throw quotationNotFound();
    const payload = {
      ...casePayloadBase('plano', nCtrId, parsed.data.telefone),
      Description: planChangeDescription({
        idPlano: q.idPlano,
        paymentType: q.paymentType,
        initialVlue: q.initialValue,
        installments: q.installments,
        installmentValue: q.installmentValue,
        added: q.quote.adicionados,
        removed: q.quote.removidos,
        idCotacao: q.id,
      }),
      idCotacao: q.id,
    };
    // Expiry is checked inside the idempotent create: a retry of an accepted change replays its answer even later.
    const unexpired = () => {
      if (new Date(q.expiresAt).getTime() <= this.clock.now().getTime())
        throw new AppError(410, 'QUOTATION_EXPIRED', QUOTATION_EXPIRED_MSG);
    };
    const hashInput = { idCotacao: q.id, telefone: parsed.data.telefone };
    return this.cases.createPrepared(customerId, nCtrId, idempotencyKey, 'plano', payload, hashInput, unexpired);
  }

  /**
   * Staff approval of a plan change (issue 13), in the decision's transaction: the quotation the case carries as
   * the customer accepted it (expiry does not matter any more), with the target plan's name and its towing options.
   */
  async acceptedQuotation(q: Executor, id: string) {
    const quotation = await this.repo.quotationForStaff(q, id);
    if (!quotation) return null;
    const planName = (await this.repo.planName(q, quotation.idPlano)) ?? quotation.idPlano;
    const options = towingOptions(await this.repo.towing(quotation.idPlano, q));
    return { ...quotation, planName, towingOptions: options.map((o) => ({ codigoItem: o.codigoItem, descricao: o.descricao, km: o.km })) };
  }

  /** The spec's checks in order (001 §5, §8), then the target plan priced for this vehicle. */
  private async resolve(contract: ContractDto, nCtrId: ContractId, paymentType: PaymentType): Promise<Resolved> {
    const state = planState(contract.idPlan);
    if (!state) throw unavailable('STATE_NOT_FOUND', PLAN_CHANGE_MSG.stateNotFoundInPlan);
    // The catalogue is the plans service of the spec (obterPlanosPorEstado): its failure has its own message (001 §8).
    const catalogue = await this.repo.catalogue(state, catalogueChannel(contract.idPlan)).catch((cause: unknown) => {
      throw new AppError(502, 'PLANS_SERVER_ERROR', PLAN_CHANGE_MSG.plansServerError, {}, cause);
    });
    const st = planChangeState({ nCtrId: contract.nCtrId, idPlan: contract.idPlan, catalogue, paymentType });
    if (st.kind === 'error') throw unavailable(st.code, st.message);
    if (st.kind === 'cobre') throw unavailable('COBRE_PLAN', 'Este plano não pode ser alterado online.');
    const [towing, prices, items, vehicleType] = await Promise.all([
      this.repo.towing(st.target.idPlano),
      this.repo.prices(st.target.idPlano),
      this.contracts.items(nCtrId),
      this.contracts.vehicleType(nCtrId),
    ]);
    const offer = pricedOffer({ items: st.target.itensPlano, towing, prices, fipeValue: cents(contract.fipeLimit ?? 0), vehicleType });
    if (offer.length === 0) throw unavailable('NO_VALID_PLAN', PLAN_CHANGE_MSG.noValidPlan);
    return {
      contract,
      idPlano: st.target.idPlano,
      paymentType: st.paymentType,
      canToggleAnnual: st.canToggleAnnual,
      state: st.state,
      stateName: st.stateName,
      offer,
      acquired: acquiredServices(items),
      vehicleType,
    };
  }
}

function toDto(q: StoredQuotation): QuotationDto {
  const has = (code: string) => q.quote.added.some((l) => l.service_code === code) || q.quote.required.some((l) => l.service_code === code);
  return {
    IdCotacao: q.id,
    nCtrId: q.nCtrId,
    idPlano: q.idPlano,
    tipoPagamento: q.paymentType,
    initialVlue: q.initialValue,
    fipe: q.fipeCode,
    required: q.quote.required,
    added: q.quote.added,
    notAdded: q.quote.notAdded,
    isRecupPlan: q.quote.isRecupPlan,
    colisao: has(SERVICE_CODES.collision),
    vidros: has(SERVICE_CODES.glass),
    parcelas: q.installments,
    valorParcela: q.installmentValue,
    reboque: q.quote.reboque,
    adicionados: q.quote.adicionados,
    removidos: q.quote.removidos,
    expiraEm: q.expiresAt,
  };
}
