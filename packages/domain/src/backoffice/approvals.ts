import { dueDayIn } from '../calendar';
import { z } from 'zod';
import { SERVICE_CODES } from '../support-requests/items';
import { SERVICE_OF_CONTRACT_KIND } from '../support-requests/offer';
import type { DueDateSimulation } from '../support-requests/pro-rata';
import type { VehicleQuotation } from '../support-requests/vehicle-requests';

/**
 * Requests staff approve or reject (issue 13 §2, ADR 055 'Approvals apply data in one transaction'): what each
 * approval writes, as pure functions the API applies inside the decision's transaction and the console previews.
 */
export const DECIDABLE_REQUESTS = ['dados-cadastrais', 'vencimento', 'plano', 'troca-veiculo'] as const;
export type DecidableRequest = (typeof DECIDABLE_REQUESTS)[number];
export const isDecidable = (t: string | null | undefined): t is DecidableRequest =>
  (DECIDABLE_REQUESTS as readonly string[]).includes(t ?? '');

/** The audit action of each decision (the registration change kept its names of stage 3). */
export const DECISION_ACTION: Record<DecidableRequest, string> = {
  'dados-cadastrais': 'cadastro',
  vencimento: 'vencimento',
  plano: 'plano',
  'troca-veiculo': 'veiculo',
};

/** What the customer reads in the case's comments when staff approves one of these requests. */
export const APPROVAL_MSG = {
  vencimento: (dia: number) => `Sua solicitação foi aprovada. Seu vencimento passa a ser todo dia ${dia}.`,
  plano: 'Sua solicitação foi aprovada e seu plano foi alterado.',
  'troca-veiculo': 'Sua solicitação foi aprovada e o veículo do contrato foi atualizado.',
} as const;

export const APPROVAL_ERRORS = {
  quotationMissing: 'A cotação aceita pelo cliente não foi encontrada.',
  quotationStale: 'O plano ou o veículo do contrato mudou desde a cotação. Reprove e peça uma nova solicitação.',
  vehicleQuotationMissing: 'A solicitação não tem a cotação do veículo (Cotacao__c).',
  dueDayMissing: 'A solicitação não tem o novo dia de vencimento.',
  unknownItem: (code: string) => `O item ${code} da cotação não tem correspondência no contrato.`,
} as const;

// ── Due-date change ─────────────────────────────────────────────────────────────────────────────

export interface BillForDueDay {
  docEntry: number;
  docDueDate: string;
  docTotal: number;
  idStatus: 'I' | 'A' | 'P';
}
export interface BillChange {
  docEntry: number;
  docDueDate: string;
  docTotal: number;
}

const ymd = (iso: string) => iso.slice(0, 10).split('-').map(Number) as [number, number, number];
const monthIndex = (iso: string) => {
  const [y, m] = ymd(iso);
  return y * 12 + (m - 1);
};
/** The due day in month `index` (year × 12 + month), clamped to short months like the bills. */
const dueOn = (index: number, day: number): string =>
  dueDayIn(`${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`, 0, day);

/**
 * The bills an approved due-date change rewrites (ADR 050, applied by staff): the open bills ('A') due on or after
 * the coming bill on the current day (`vencimentoAtual`) move to the new day, each shifted by as many months as
 * the coming bill moves (0, or 1 when the new day of that month has passed); the first of them also carries the
 * pro-rata (+ acréscimo − voucher, never below zero). Overdue and paid bills, and bills before, stay as they are.
 */
export function dueDayBillChanges(bills: readonly BillForDueDay[], sim: DueDateSimulation, newDay: number): BillChange[] {
  const shift = monthIndex(sim.proximoVencimento) - monthIndex(sim.vencimentoAtual);
  const moving = bills
    .filter((b) => b.idStatus === 'A' && b.docDueDate.slice(0, 10) >= sim.vencimentoAtual)
    .sort((a, b) => a.docDueDate.localeCompare(b.docDueDate));
  return moving.map((b, i) => ({
    docEntry: b.docEntry,
    docDueDate: dueOn(monthIndex(b.docDueDate) + shift, newDay),
    docTotal: i === 0 ? Math.max(0, b.docTotal + sim.valorAcrescimo - sim.valorVoucher) : b.docTotal,
  }));
}

// ── Plan change ─────────────────────────────────────────────────────────────────────────────────

export interface QuotationLine {
  service_code: string;
  service_name: string;
  value: number;
}
export interface ContractSubItem {
  code: string;
  name: string;
  towingKm: number | null;
  selected: boolean;
  required: boolean;
}
export interface ContractItemData {
  code: string;
  name: string;
  kind: string;
  price: number;
  subItems: ContractSubItem[];
}
export interface TowingChoice {
  codigoItem: string;
  descricao: string;
  km: number;
}

const KIND_OF_SERVICE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SERVICE_OF_CONTRACT_KIND).map(([kind, code]) => [code, kind]),
);

/**
 * The contract's items after an approved plan change: exactly the quotation's required and added lines (ADR 051's
 * service codes mapped back to contract item kinds), priced per month (an annual quotation's yearly line ÷ 12). An
 * item kept from before keeps its own non-towing sub-items (coverage details). Towing (SRV_REBOQ) is the chosen
 * km option, selected among the plan's options, under the 24h assistance when the plan has it, else an item of
 * its own (kind 'reboque'); without towing no km option stays selected.
 */
export function contractItemsFromQuotation(input: {
  current: readonly ContractItemData[];
  required: readonly QuotationLine[];
  added: readonly QuotationLine[];
  paymentType: 'M' | 'A';
  reboque: TowingChoice | null;
  towingOptions: readonly TowingChoice[];
}): ContractItemData[] {
  const monthly = (v: number) => (input.paymentType === 'A' ? Math.round(v / 12) : v);
  const lines = [...input.required, ...input.added];
  const towingLine = lines.find((l) => l.service_code === SERVICE_CODES.towing);
  const options = input.reboque
    ? (input.towingOptions.some((o) => o.km === input.reboque!.km) ? input.towingOptions : [...input.towingOptions, input.reboque])
        .map((o) => ({ code: o.codigoItem, name: o.descricao, towingKm: o.km, selected: o.km === input.reboque!.km, required: false }))
        .sort((a, b) => a.towingKm - b.towingKm)
    : [];
  const items: ContractItemData[] = [];
  for (const line of lines) {
    if (line.service_code === SERVICE_CODES.towing) continue;
    const kind = KIND_OF_SERVICE[line.service_code];
    if (!kind) throw new Error(APPROVAL_ERRORS.unknownItem(line.service_code));
    const before = input.current.find((i) => i.kind === kind);
    const keptSubs = (before?.subItems ?? []).filter((s) => s.towingKm === null);
    const carriesTowing = kind === 'assistencia' && towingLine !== undefined;
    items.push({
      code: line.service_code,
      name: line.service_name,
      kind,
      price: monthly(line.value) + (carriesTowing ? monthly(towingLine.value) : 0),
      subItems: carriesTowing ? [...keptSubs, ...options] : keptSubs,
    });
  }
  if (towingLine && !items.some((i) => i.kind === 'assistencia')) {
    items.push({
      code: SERVICE_CODES.towing,
      name: towingLine.service_name,
      kind: 'reboque',
      price: monthly(towingLine.value),
      subItems: options,
    });
  }
  return items;
}

/** The contract's monthly fee after a plan change: the monthly total, or an annual plan's installment. */
export const feeFromQuotation = (q: { paymentType: 'M' | 'A'; initialValue: number; installmentValue: number }) =>
  q.paymentType === 'A' ? q.installmentValue : q.initialValue;

// ── Vehicle change / plate correction ───────────────────────────────────────────────────────────

export interface ContractVehicle {
  plate: string | null;
  model: string | null;
  manufacturer: string | null;
  year: number | null;
  /** FIPE value the plan prices with (cents); theft/robbery/total loss are limited to 150,000 */
  fipeLimit: number;
  vehicleType: string;
}

const FIPE_COVER_MAX_CENTS = 150_000_00;

/**
 * The contract's vehicle after an approved vehicle change or plate correction (ADR 052's Cotacao__c): plate (none
 * for an unplated vehicle), model and manufacturer, year, vehicle type, and the FIPE value — the plates service's
 * value, or for an unplated vehicle the top of the band chosen — capped at 150,000 (the 150–200 thousand band is
 * covered up to 150,000).
 */
export function vehicleFromQuotation(q: VehicleQuotation, plate: string | null): ContractVehicle {
  const band = /^CAT_FIPE_(\d+)K$/.exec(q.categoriaFipe);
  const value = q.valorFipe !== null ? Math.round(q.valorFipe * 100) : band ? Number(band[1]) * 1000_00 : 0;
  return {
    plate: q.origem === 'placa' ? plate : null,
    model: q.modelo ?? q.veiculo,
    manufacturer: q.fabricante ?? null,
    year: q.ano,
    fipeLimit: Math.min(value, FIPE_COVER_MAX_CENTS),
    vehicleType: q.tipoVeiculo,
  };
}

// ── What the console shows before deciding ─────────────────────────────────────────────────────

/** One line of 'Valores atuais e novos': the field, what the contract has now and what approving writes. */
export const DecisionPreviewDto = z.object({
  linhas: z.array(z.object({ campo: z.string(), atual: z.string(), novo: z.string() })),
  /** Something staff must know before approving (e.g. the quotation no longer matches the contract). */
  aviso: z.string().nullable(),
});
export type DecisionPreviewDto = z.infer<typeof DecisionPreviewDto>;
