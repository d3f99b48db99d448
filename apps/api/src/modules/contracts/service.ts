import { openTotal, type BillsDto, type CardBrand, type ContractDetailDto, type ContractDto, type ContractId } from '@guarita/domain';
import { notFound } from '../../lib/errors';
import type { BillRow, ContractRepository, Executor } from './repository';

export type { BillRow, Executor };

/**
 * Contracts and their bills. Other modules (payments) read and settle bills only through here; the
 * methods taking an `Executor` run inside the caller's transaction.
 */
export class ContractService {
  constructor(private readonly repo: ContractRepository) {}

  list(customerId: number): Promise<ContractDto[]> {
    return this.repo.listForCustomer(customerId);
  }

  /** Someone else's (or a non-existent) nCtrId is a 404: the caller cannot tell the two apart. */
  async requireOwned(customerId: number, nCtrId: ContractId): Promise<ContractDto> {
    const c = await this.repo.findOwned(customerId, nCtrId);
    if (!c) throw notFound('Contrato não encontrado.');
    return c;
  }

  async detail(customerId: number, nCtrId: ContractId): Promise<ContractDetailDto> {
    const contract = await this.requireOwned(customerId, nCtrId);
    return { ...contract, items: await this.repo.items(nCtrId) };
  }

  async bills(customerId: number, nCtrId: ContractId): Promise<BillsDto> {
    await this.requireOwned(customerId, nCtrId);
    const bills = await this.repo.bills(nCtrId);
    return { bills, openTotal: openTotal(bills.map((b) => ({ ...b, idStatus: b.billStatus.idStatus }))) };
  }

  billRows(q: Executor, nCtrId: number): Promise<BillRow[]> {
    return this.repo.billRows(q, nCtrId);
  }
  lockBills(q: Executor, nCtrId: number, docEntries?: readonly number[]): Promise<BillRow[]> {
    return this.repo.lockBills(q, nCtrId, docEntries);
  }
  markBillsPaid(q: Executor, docEntries: readonly number[], paidAt: Date): Promise<number[]> {
    return this.repo.markBillsPaid(q, docEntries, paidAt);
  }
  setCardOnFile(q: Executor, nCtrId: number, brand: CardBrand, last4: string): Promise<void> {
    return this.repo.setCardOnFile(q, nCtrId, brand, last4);
  }
}
