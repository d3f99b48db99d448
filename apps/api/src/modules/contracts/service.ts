import {
  isActiveContract,
  openTotal,
  type BillsDto,
  type CardBrand,
  type ContractDetailDto,
  type ContractDto,
  type ContractId,
  type ContractItemDto,
  type BillChange,
  type ContractItemData,
  type ContractVehicle,
} from '@guarita/domain';
import { notFound } from '../../lib/errors';
import type { Executor } from '../../db/db';
import type { BillRow, ContractRepository, ContractTerms, ContractVehicleType, IssuedBill } from './repository';

export type { BillRow, ContractTerms, IssuedBill };

/**
 * Contracts and their bills. Other modules (payments) read and settle bills only through here; the
 * methods taking an `Executor` run inside the caller's transaction.
 */
export class ContractService {
  constructor(private readonly repo: ContractRepository) {}

  list(customerId: number): Promise<ContractDto[]> {
    return this.repo.listForCustomer(customerId);
  }

  /** Whether the contract is the customer's (for checks that answer with their own 404, e.g. a trip's). */
  async owns(customerId: number, nCtrId: number): Promise<boolean> {
    return (await this.find(customerId, nCtrId)) !== null;
  }

  /** The customer's contract, whatever its status (e.g. the plate of a claim on a contract closed since), or null. */
  find(customerId: number, nCtrId: number): Promise<ContractDto | null> {
    return this.repo.findOwned(customerId, nCtrId);
  }

  /** The customer a contract belongs to: seeds and staff actions only (customer routes check ownership with find). */
  ownerOf(q: Executor, nCtrId: number): Promise<number | null> {
    return this.repo.ownerOf(q, nCtrId);
  }

  /** Someone else's (or a non-existent) nCtrId is a 404: the caller cannot tell the two apart. */
  async requireOwned(customerId: number, nCtrId: ContractId): Promise<ContractDto> {
    const c = await this.repo.findOwned(customerId, nCtrId);
    if (!c) throw notFound('Contrato não encontrado.');
    return c;
  }

  /** An owned contract the customer may act on; a closed (Encerrado) or cancelled one is answered like a stranger's. */
  async requireActive(customerId: number, nCtrId: ContractId): Promise<ContractDto> {
    const c = await this.requireOwned(customerId, nCtrId);
    if (!isActiveContract(c)) throw notFound('Contrato não encontrado.');
    return c;
  }

  async detail(customerId: number, nCtrId: ContractId): Promise<ContractDetailDto> {
    const contract = await this.requireOwned(customerId, nCtrId);
    return { ...contract, items: await this.repo.items(nCtrId) };
  }

  /** The items of a contract the caller has already checked (requireOwned), for modules that show coverages. */
  async items(nCtrId: ContractId): Promise<ContractItemDto[]> {
    return this.repo.items(nCtrId);
  }

  /** One statement checks ownership and reads the bills (ADR 049); not the customer's contract → 404 as requireOwned. */
  async bills(customerId: number, nCtrId: ContractId): Promise<BillsDto> {
    const bills = await this.repo.billsIfOwned(customerId, nCtrId);
    if (!bills) throw notFound('Contrato não encontrado.');
    return { bills, openTotal: openTotal(bills.map((b) => ({ ...b, idStatus: b.billStatus.idStatus }))) };
  }

  billRows(q: Executor, nCtrId: number): Promise<BillRow[]> {
    return this.repo.billRows(q, nCtrId);
  }

  /** The vehicle type of a contract the caller has already checked (requireOwned), for plan pricing. */
  async vehicleType(nCtrId: ContractId): Promise<ContractVehicleType> {
    return (await this.repo.vehicleType(nCtrId)) ?? 'CAT_AGRAVO_VEICULO_LEVE';
  }

  /** Bills as the spare-car blocking rule reads them (status, due date, when paid), in the caller's transaction. */
  billPayments(q: Executor, nCtrId: number) {
    return this.repo.billPayments(q, nCtrId);
  }

  /** Serialises writes that depend on a contract's state (e.g. the one-open-case rule) inside the caller's transaction. */
  /** Vehicle use ('Fins Comerciais') set by an approved registration change; answers the value before. */
  setCommercialUse(q: Executor, nCtrId: number, value: boolean): Promise<boolean | null> {
    return this.repo.setCommercialUse(q, nCtrId, value);
  }

  /** Staff approvals (issue 13): the terms they read and rewrite, all in the caller's transaction under the contract lock. */
  terms(q: Executor, nCtrId: number): Promise<ContractTerms | null> {
    return this.repo.terms(q, nCtrId);
  }
  itemsIn(q: Executor, nCtrId: number): Promise<ContractItemDto[]> {
    return this.repo.items(nCtrId, q);
  }
  setDueDay(q: Executor, nCtrId: number, day: number, bills: readonly BillChange[]): Promise<void> {
    return this.repo.setDueDay(q, nCtrId, day, bills);
  }
  setPlan(q: Executor, nCtrId: number, plan: { idPlan: string; planName: string; monthlyFee: number; items: readonly ContractItemData[] }) {
    return this.repo.setPlan(q, nCtrId, plan);
  }
  setVehicle(q: Executor, nCtrId: number, vehicle: ContractVehicle): Promise<void> {
    return this.repo.setVehicle(q, nCtrId, vehicle);
  }

  lockContract(q: Executor, nCtrId: number): Promise<void> {
    return this.repo.lockContract(q, nCtrId);
  }

  lockBills(q: Executor, nCtrId: number, docEntries?: readonly number[]): Promise<BillRow[]> {
    return this.repo.lockBills(q, nCtrId, docEntries);
  }
  markBillsPaid(q: Executor, docEntries: readonly number[], paidAt: Date): Promise<number[]> {
    return this.repo.markBillsPaid(q, docEntries, paidAt);
  }
  /** Issues a new open bill (ADR 077: bills come from the system of record; this is its one way in here). */
  issueBill(q: Executor, b: { nCtrId: number; dueDate: string; amount: number; issuedAt: Date }): Promise<IssuedBill> {
    return this.repo.issueBill(q, b);
  }
  openBillsIssuedSince(q: Executor, nCtrId: number, since: Date): Promise<IssuedBill[]> {
    return this.repo.openBillsIssuedSince(q, nCtrId, since);
  }
  setCardOnFile(q: Executor, nCtrId: number, brand: CardBrand, last4: string): Promise<void> {
    return this.repo.setCardOnFile(q, nCtrId, brand, last4);
  }
}
