import type { ContractId } from '@guarita/domain';
import {
  coveredServices,
  discountedFee,
  formatMoney,
  isCobrePlan,
  isFlaggedExecutive,
  planContentLines,
  planContents,
  referralDiscount,
  referralLink,
  vehicleLabel,
  whatsappLink,
  type PlanViewDto,
} from '@guarita/domain';
import type { AppConfig } from '../../config';
import type { ContractService } from '../contracts';
import type { CustomersService } from '../customers';
import { generalContractPdf, specificContractPdf } from './pdf';
import type { PlanRepository } from './repository';

export type ContractPdfKind = 'geral' | 'especifico';

export class PlanService {
  constructor(
    private readonly repo: PlanRepository,
    private readonly contracts: ContractService,
    private readonly customers: CustomersService,
    private readonly config: AppConfig,
  ) {}

  async view(customerId: number, nCtrId: ContractId): Promise<PlanViewDto> {
    const c = await this.contracts.requireOwned(customerId, nCtrId);
    const [items, referrals] = await Promise.all([this.contracts.items(nCtrId), this.repo.referrals(nCtrId)]);
    const referral = referralDiscount(referrals);
    const cobre = isCobrePlan(c.idPlan);
    const pdfBase = `/api/plan/contracts/${nCtrId}/pdf`;
    return {
      nCtrId,
      idPlan: c.idPlan,
      planName: c.planName,
      monthlyFee: c.monthlyFee,
      dueDay: c.dueDay,
      validityStart: c.dataInicioVigencia,
      validityEnd: c.dataFimVigencia,
      coverages: coveredServices(items),
      contents: planContentLines(planContents(c.idPlan), formatMoney),
      referral: {
        idIndc: c.idIndc,
        link: c.idIndc ? referralLink(this.config.env.PUBLIC_URL, c.idIndc) : null,
        ...referral,
        feeWithDiscount: discountedFee(c.monthlyFee, referral.percent),
      },
      cobre,
      contact: cobre ? await this.contact(c.slpCode) : null,
      contracts: { geral: `${pdfBase}/geral`, especifico: `${pdfBase}/especifico` },
    };
  }

  /** COBRE plans: the executive by slpCode; flagged house codes (and unknown ones) get the support line. Also the
   * plan change's COBRE modal (plans module). */
  async contact(slpCode: number | null) {
    const exec = !isFlaggedExecutive(slpCode) && slpCode !== null ? await this.repo.executive(slpCode) : null;
    const text = 'Olá! Quero falar sobre meu plano.';
    if (exec) return { nome: exec.nome, telefone: exec.telefone, whatsapp: whatsappLink(exec.telefone, text), executive: true };
    const phone = this.config.brand.supportPhone;
    return {
      nome: `Central de atendimento ${this.config.brand.name}`,
      telefone: phone,
      whatsapp: whatsappLink(phone, text),
      executive: false,
    };
  }

  async pdf(customerId: number, nCtrId: ContractId, kind: ContractPdfKind): Promise<{ body: Buffer; filename: string }> {
    const c = await this.contracts.requireOwned(customerId, nCtrId);
    const [items, customer] = await Promise.all([this.contracts.items(nCtrId), this.customers.holder(customerId)]);
    if (!customer) throw new Error(`customer ${customerId} of contract ${nCtrId} is missing`);
    const data = {
      brand: this.config.brand,
      customer: { name: customer.name, document: customer.document },
      nCtrId,
      planName: c.planName,
      idPlan: c.idPlan,
      vehicle: [vehicleLabel(c, 0), c.vehicle.manufacturer, c.vehicle.year].filter(Boolean).join(' · '),
      validityStart: c.dataInicioVigencia,
      validityEnd: c.dataFimVigencia,
      dueDay: c.dueDay,
      monthlyFee: c.monthlyFee,
      items: items.map((i) => ({ name: i.name, price: i.price })),
      coverages: coveredServices(items),
      contents: planContentLines(planContents(c.idPlan), formatMoney),
    };
    const body = kind === 'geral' ? await generalContractPdf(data) : await specificContractPdf(data);
    return { body, filename: `contrato-${kind}-${nCtrId}.pdf` };
  }
}
