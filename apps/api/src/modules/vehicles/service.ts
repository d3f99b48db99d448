import {
  blockLine,
  FIPE_BAND_OPTIONS,
  fipeVerdict,
  hasOpenThirdPartyCollision,
  isCobrePlan,
  NO_ONLINE_VEHICLE_CHANGE_MSG,
  reaisToCents,
  SPARE_CAR_MSG,
  spareCarBlocking,
  VEHICLE_MSG,
  vehicleYearOptions,
  type BlockingDecision,
  type CasePayload,
  type ContractDto,
  type ContractId,
  type SupportRequest,
  type VehicleBrandDto,
  type VehicleLookupDto,
  type VehicleModelDto,
  type VehicleQuotation,
  type VehicleRestrictionsDto,
} from '@guarita/domain';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../ports/clock';
import type { VehicleData } from '../../ports/vehicle-data';
import type { CaseSystem, CaseRequestHook } from '../cases';
import type { Executor } from '../../db/db';
import type { ContractService } from '../contracts';
import { unitOfWork } from '../../db/unit-of-work';

const fipeNotFound = () =>
  new AppError(422, 'FIPE_NOT_FOUND', VEHICLE_MSG.fipeNotFoundTitle).withDetails({ motivo: VEHICLE_MSG.fipeNotFoundText });
const notPermitted = () =>
  new AppError(422, 'VEHICLE_NOT_PERMITTED', VEHICLE_MSG.notPermittedText).withDetails({ motivo: VEHICLE_MSG.notPermittedTitle });

/**
 * Vehicle change / plate correction and spare car (issue 12 §4–§5): the vehicle port's lookups for the form, the
 * restrictions shown before it, and the two case hooks the cases module runs on create — the server's own FIPE
 * quotation (Cotacao__c) and the blocking rules, evaluated from the contract, its bills and its cases through the
 * domain's pure functions. The customer's numbers are never trusted.
 */
export class VehiclesService {
  constructor(
    private readonly data: VehicleData,
    private readonly contracts: ContractService,
    private readonly caseSystem: CaseSystem,
    private readonly clock: Clock,
  ) {}

  async lookupPlate(plate: string): Promise<VehicleLookupDto> {
    const vehicle = await this.data.byPlate(plate);
    if (!vehicle)
      throw new AppError(404, 'PLATE_NOT_FOUND', VEHICLE_MSG.fipeNotFoundTitle).withDetails({ motivo: VEHICLE_MSG.fipeNotFoundText });
    return vehicle;
  }

  brands(): Promise<VehicleBrandDto[]> {
    return this.data.brands();
  }

  async models(brandCode: string): Promise<VehicleModelDto[]> {
    const models = await this.data.models(brandCode);
    if (!models) throw new AppError(404, 'NOT_FOUND', 'Marca não encontrada.');
    return models;
  }

  /** The spare-car decision on this contract now (inside a create: under its lock, on the same transaction). */
  async spareCarDecision(q: Executor, contract: ContractDto): Promise<BlockingDecision> {
    return (await this.readBlocking(q, contract)).decision;
  }

  /** The contract's bills and blocking cases, each read once: the spare-car decision and the cases it came from. */
  private async readBlocking(q: Executor, contract: ContractDto) {
    const [bills, cases] = await Promise.all([
      this.contracts.billPayments(q, contract.nCtrId),
      this.caseSystem.within(unitOfWork(q)).blockingCases(contract.nCtrId),
    ]);
    const decision = spareCarBlocking({ contract: { validityStart: contract.dataInicioVigencia }, bills, cases, now: this.clock.now() });
    return { decision, cases };
  }

  /** What the vehicle-change and spare-car screens must know before the customer fills a form. */
  async restrictions(q: Executor, customerId: number, nCtrId: ContractId): Promise<VehicleRestrictionsDto> {
    const contract = await this.contracts.requireActive(customerId, nCtrId);
    const { decision, cases } = await this.readBlocking(q, contract);
    const thirdParty = hasOpenThirdPartyCollision(cases);
    return {
      carroReserva: { bloqueado: decision.blocked, regras: decision.blocks.map((b) => ({ ...b, texto: blockLine(b) })) },
      trocaVeiculo: { cobre: isCobrePlan(contract.idPlan), bloqueio: thirdParty ? SPARE_CAR_MSG.thirdPartyCollision : null },
    };
  }

  /**
   * Cotacao__c of a vehicle change: a plated vehicle is priced from the FIPE value the plates service gives (the
   * band the customer picked is ignored); an unplated one from the model (must be permitted) and the band chosen,
   * since there is no plate to look up. Refusals carry the spec's FIPE/vehicle messages.
   */
  async quote(request: Extract<SupportRequest, { tipo: 'troca-veiculo' }>): Promise<VehicleQuotation> {
    if (!request.naoEmplacado) {
      const v = await this.data.byPlate(request.placa ?? '');
      if (!v) throw fipeNotFound();
      const verdict = fipeVerdict({ valor: v.Fipe.Valor === null ? null : reaisToCents(v.Fipe.Valor), permitido: v.Permitido });
      if (verdict.kind === 'not-found') throw fipeNotFound();
      if (verdict.kind === 'not-permitted') throw notPermitted();
      if (verdict.kind === 'above-max') throw new AppError(422, 'FIPE_ABOVE_MAX', VEHICLE_MSG.fipeAboveMax);
      const band = FIPE_BAND_OPTIONS.find((o) => o.value === (verdict.kind === 'limited' ? 200 : verdict.band))!;
      return {
        origem: 'placa',
        codigoFipe: v.Fipe.Codigo,
        valorFipe: v.Fipe.Valor,
        categoriaFipe: verdict.code,
        faixa: band.label,
        limitado: verdict.kind === 'limited',
        tipoVeiculo: request.tipoVeiculo,
        veiculo: `${v.Fabricante} ${v.Modelo}`,
        fabricante: v.Fabricante,
        modelo: v.Modelo,
        ano: v.AnoModelo,
      };
    }
    const model = await this.data.model(request.marca ?? '', request.modelo ?? '');
    if (!model) throw new AppError(400, 'VALIDATION', VEHICLE_MSG.insertModel);
    if (!model.Permitido) throw notPermitted();
    if (!vehicleYearOptions(this.clock.today()).includes(request.ano ?? 0)) throw new AppError(400, 'VALIDATION', VEHICLE_MSG.insertYear);
    const band = FIPE_BAND_OPTIONS.find((o) => o.value === request.faixaFipe)!;
    return {
      origem: 'chassi',
      codigoFipe: null,
      valorFipe: null,
      categoriaFipe: band.code,
      faixa: band.label,
      limitado: band.value > 150,
      tipoVeiculo: request.tipoVeiculo,
      veiculo: `${model.Fabricante} ${model.Nome}`,
      fabricante: model.Fabricante,
      modelo: model.Nome,
      ano: request.ano ?? null,
    };
  }

  /** The vehicle-change hook: the quotation before the transaction, COBRE and third-party collision under the lock. */
  vehicleChangeHook(): CaseRequestHook {
    return {
      enrich: async ({ request }): Promise<Partial<CasePayload>> => {
        if (request.tipo !== 'troca-veiculo') return {};
        return { Cotacao__c: JSON.stringify(await this.quote(request)) };
      },
      guard: async (tx, { contract }) => {
        if (isCobrePlan(contract.idPlan)) throw new AppError(422, 'NO_ONLINE_CHANGE', NO_ONLINE_VEHICLE_CHANGE_MSG);
        if (hasOpenThirdPartyCollision(await this.caseSystem.within(unitOfWork(tx)).blockingCases(contract.nCtrId))) {
          throw new AppError(422, 'THIRD_PARTY_COLLISION', SPARE_CAR_MSG.thirdPartyCollision);
        }
      },
    };
  }

  /** The spare-car hook: every blocking rule of 001 §4, re-evaluated under the contract lock. */
  spareCarHook(): CaseRequestHook {
    return {
      guard: async (tx, { contract }) => {
        const decision = await this.spareCarDecision(tx, contract);
        if (!decision.blocked) return;
        const lines = decision.blocks.map(blockLine);
        throw new AppError(422, 'SPARE_CAR_BLOCKED', `${SPARE_CAR_MSG.blockedTitle}: ${lines.join(' ')}`).withDetails({
          motivo: decision.blocks.map((b) => b.rule).join(','),
        });
      },
    };
  }
}
