import {
  casePayloadBase,
  cents,
  dueDateDescription,
  dueDateProRata,
  dueDateRequestSchema,
  DUE_DATE_MSG,
  type CaseCreatedDto,
  type ContractId,
  type DueDateSimulationDto,
} from '@guarita/domain';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../ports/clock';
import type { CasesService } from '../cases';
import type { ContractService } from '../contracts';
import type { IdempotentAnswer } from '../../lib/idempotency';

/**
 * Due-date change (issue 12 §3): the pro-rata simulation (ADR 050) and the case that carries DiaVencimento__c and
 * CobrarValorProRata__c from the same computation, so what the customer saw is what staff see.
 */
export class DueDateService {
  constructor(
    private readonly contracts: ContractService,
    private readonly cases: CasesService,
    private readonly clock: Clock,
  ) {}

  async simulate(customerId: number, nCtrId: ContractId, dia: number): Promise<DueDateSimulationDto> {
    const c = await this.contracts.requireActive(customerId, nCtrId);
    const s = dueDateProRata({ monthlyFee: cents(c.monthlyFee), currentDay: c.dueDay, newDay: dia, today: this.clock.today() });
    return { contrato: nCtrId, diaAtual: c.dueDay, dia, ...s };
  }

  async submit(customerId: number, nCtrId: ContractId, idempotencyKey: string, raw: unknown): Promise<IdempotentAnswer<CaseCreatedDto>> {
    const parsed = dueDateRequestSchema.safeParse(raw);
    if (!parsed.success) throw new AppError(400, 'VALIDATION', parsed.error.issues[0]?.message ?? DUE_DATE_MSG.chooseDay);
    const { dia, telefone } = parsed.data;
    const sim = await this.simulate(customerId, nCtrId, dia);
    if (dia === sim.diaAtual) throw new AppError(422, 'SAME_DUE_DAY', 'Escolha um dia diferente do vencimento atual.');
    const payload = {
      ...casePayloadBase('vencimento', nCtrId, telefone),
      Description: dueDateDescription(sim.diaAtual, dia, sim),
      DiaVencimento__c: dia,
      CobrarValorProRata__c: sim.cobrarValorProRata,
    };
    return this.cases.createPrepared(customerId, nCtrId, idempotencyKey, 'vencimento', payload, { dia, telefone });
  }
}
