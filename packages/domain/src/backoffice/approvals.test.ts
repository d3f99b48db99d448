import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { dueDateProRata } from '../support-requests/pro-rata';
import {
  contractItemsFromQuotation,
  dueDayBillChanges,
  feeFromQuotation,
  isDecidable,
  vehicleFromQuotation,
  type ContractItemData,
} from './approvals';

describe('dueDayBillChanges (an approved due-date change, ADR 050)', () => {
  const fee = 18990;
  const bills = [
    { docEntry: 1, docDueDate: '2026-10-10', docTotal: fee, idStatus: 'P' as const },
    { docEntry: 2, docDueDate: '2026-11-10', docTotal: fee, idStatus: 'A' as const },
    { docEntry: 3, docDueDate: '2026-12-10', docTotal: fee, idStatus: 'A' as const },
  ];

  it('10 → 20 on 05/11: the coming bill moves to 20/11 with the acréscimo, the next keeps its total on the 20th', () => {
    const sim = dueDateProRata({ monthlyFee: cents(fee), currentDay: 10, newDay: 20, today: '2026-11-05' });
    expect(dueDayBillChanges(bills, sim, 20)).toEqual([
      { docEntry: 2, docDueDate: '2026-11-20', docTotal: 25320 },
      { docEntry: 3, docDueDate: '2026-12-20', docTotal: fee },
    ]);
  });

  it('20 → 10 after the 10th: the coming bill moves to the next month and every later bill with it', () => {
    const twenty = [
      { docEntry: 2, docDueDate: '2026-11-20', docTotal: fee, idStatus: 'A' as const },
      { docEntry: 3, docDueDate: '2026-12-20', docTotal: fee, idStatus: 'A' as const },
    ];
    const sim = dueDateProRata({ monthlyFee: cents(fee), currentDay: 20, newDay: 10, today: '2026-11-15' });
    expect(dueDayBillChanges(twenty, sim, 10)).toEqual([
      { docEntry: 2, docDueDate: '2026-12-10', docTotal: 31650 },
      { docEntry: 3, docDueDate: '2027-01-10', docTotal: fee },
    ]);
  });

  it('an earlier day credits the voucher; day 30 is clamped in February; overdue and paid bills never move', () => {
    const sim = dueDateProRata({ monthlyFee: cents(fee), currentDay: 20, newDay: 10, today: '2026-11-05' });
    const changes = dueDayBillChanges(
      [
        { docEntry: 9, docDueDate: '2026-10-20', docTotal: fee, idStatus: 'I' },
        { docEntry: 2, docDueDate: '2026-11-20', docTotal: fee, idStatus: 'A' },
      ],
      sim,
      10,
    );
    expect(changes).toEqual([{ docEntry: 2, docDueDate: '2026-11-10', docTotal: 12660 }]);
    const feb = dueDateProRata({ monthlyFee: cents(fee), currentDay: 10, newDay: 30, today: '2026-01-15' });
    expect(
      dueDayBillChanges(
        [
          { docEntry: 4, docDueDate: '2026-02-10', docTotal: fee, idStatus: 'A' },
          { docEntry: 5, docDueDate: '2026-03-10', docTotal: fee, idStatus: 'A' },
        ],
        feb,
        30,
      ).map((c) => c.docDueDate),
    ).toEqual(['2026-02-28', '2026-03-30']);
  });

  it('never negative; nothing to change without open bills', () => {
    const sim = dueDateProRata({ monthlyFee: cents(fee), currentDay: 20, newDay: 10, today: '2026-11-05' });
    expect(dueDayBillChanges([{ docEntry: 2, docDueDate: '2026-11-20', docTotal: 100, idStatus: 'A' }], sim, 10)[0]!.docTotal).toBe(0);
    expect(dueDayBillChanges(bills.slice(0, 1), sim, 10)).toEqual([]);
  });
});

describe('contractItemsFromQuotation (an approved plan change, ADR 051)', () => {
  const current: ContractItemData[] = [
    {
      code: 'ROUBO_FURTO',
      name: 'Garantia contra roubo e furto',
      kind: 'roubo_furto',
      price: 8240,
      subItems: [{ code: 'FURTO_ROUBO', name: 'Furto e Roubo', towingKm: null, selected: true, required: true }],
    },
    {
      code: 'ASSIST_24H',
      name: 'Assistência 24h',
      kind: 'assistencia',
      price: 1490,
      subItems: [{ code: 'GUINCHO_200', name: 'Guincho até 200 km', towingKm: 200, selected: true, required: false }],
    },
    { code: 'VIDROS', name: 'Cobertura de vidros', kind: 'vidros', price: 990, subItems: [] },
  ];
  const options = [
    { codigoItem: 'SRV_REBOQ_200', descricao: 'Reboque até 200 km', km: 200 },
    { codigoItem: 'SRV_REBOQ_400', descricao: 'Reboque até 400 km', km: 400 },
  ];
  const line = (service_code: string, service_name: string, value: number) => ({ service_code, service_name, value });

  it('the quotation lines become the items; towing at the chosen km goes under the assistance; removed items go', () => {
    const items = contractItemsFromQuotation({
      current,
      required: [line('SRV_ROUBO_FURTO', 'Perda Total (Furto e Roubo)', 9990)],
      added: [line('SRV_ASS24', 'Assistência 24h', 2990), line('SRV_REBOQ', 'Reboque até 400 km', 1490)],
      paymentType: 'M',
      reboque: options[1]!,
      towingOptions: options,
    });
    expect(items.map((i) => [i.kind, i.price])).toEqual([
      ['roubo_furto', 9990],
      ['assistencia', 4480],
    ]);
    expect(items[0]!.subItems).toEqual(current[0]!.subItems); // coverage details kept
    expect(items[1]!.subItems.map((s) => [s.towingKm, s.selected])).toEqual([
      [200, false],
      [400, true],
    ]);
  });

  it('towing without the assistance is an item of its own; annual lines are priced per month; no towing → no km selected', () => {
    const alone = contractItemsFromQuotation({
      current,
      required: [line('SRV_ROUBO_FURTO', 'Perda Total', 120000)],
      added: [line('SRV_REBOQ', 'Reboque até 200 km', 12000)],
      paymentType: 'A',
      reboque: options[0]!,
      towingOptions: options,
    });
    expect(alone.map((i) => [i.kind, i.price])).toEqual([
      ['roubo_furto', 10000],
      ['reboque', 1000],
    ]);
    expect(alone[1]!.subItems.find((s) => s.selected)?.towingKm).toBe(200);
    const none = contractItemsFromQuotation({
      current,
      required: [line('SRV_ROUBO_FURTO', 'Perda Total', 9990)],
      added: [line('SRV_ASS24', 'Assistência 24h', 2990)],
      paymentType: 'M',
      reboque: null,
      towingOptions: options,
    });
    expect(none[1]!.subItems).toEqual([]);
  });

  it('a code with no contract item kind is refused (nothing half-applied)', () => {
    expect(() =>
      contractItemsFromQuotation({
        current,
        required: [line('SRV_X', 'X', 1)],
        added: [],
        paymentType: 'M',
        reboque: null,
        towingOptions: [],
      }),
    ).toThrow('SRV_X');
  });

  it('the fee is the monthly total, or the annual installment', () => {
    expect(feeFromQuotation({ paymentType: 'M', initialValue: 35868, installmentValue: 35868 })).toBe(35868);
    expect(feeFromQuotation({ paymentType: 'A', initialValue: 258870, installmentValue: 21573 })).toBe(21573);
  });
});

describe('vehicleFromQuotation (an approved vehicle change, ADR 052)', () => {
  const base = {
    origem: 'placa' as const,
    codigoFipe: '001',
    valorFipe: 95000,
    categoriaFipe: 'CAT_FIPE_100K',
    faixa: '',
    limitado: false,
    tipoVeiculo: 'CAT_AGRAVO_VEICULO_LEVE',
    veiculo: 'Volkswagen Polo',
    fabricante: 'Volkswagen',
    modelo: 'Polo',
    ano: 2024,
  };
  it('a plated vehicle: plate, model, FIPE value in cents', () => {
    expect(vehicleFromQuotation(base, 'BRA2E19')).toEqual({
      plate: 'BRA2E19',
      model: 'Polo',
      manufacturer: 'Volkswagen',
      year: 2024,
      fipeLimit: 9_500_000,
      vehicleType: 'CAT_AGRAVO_VEICULO_LEVE',
    });
  });
  it('150–200 thousand is covered up to 150,000; an unplated vehicle takes its band top and has no plate', () => {
    expect(vehicleFromQuotation({ ...base, valorFipe: 180000, limitado: true }, 'FRT4G56').fipeLimit).toBe(15_000_000);
    const unplated = vehicleFromQuotation({ ...base, origem: 'chassi', valorFipe: null, categoriaFipe: 'CAT_FIPE_50K' }, 'x');
    expect(unplated).toMatchObject({ plate: null, fipeLimit: 5_000_000 });
  });
});

it('isDecidable: the four requests that change data', () => {
  expect(['dados-cadastrais', 'vencimento', 'plano', 'troca-veiculo'].every(isDecidable)).toBe(true);
  expect(isDecidable('cancelamento')).toBe(false);
  expect(isDecidable(undefined)).toBe(false);
});
