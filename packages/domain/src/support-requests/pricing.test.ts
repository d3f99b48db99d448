import { describe, expect, it } from 'vitest';
import { cents, reaisToCents } from '../money';
import { itemPrice, quotePlan, type PriceRow } from './pricing';

const rows: PriceRow[] = [
  { codigoItem: 'SRV_SEGUROS_LTI', fipeCode: 'CAT_FIPE_50K', preco: cents(8990) },
  { codigoItem: 'SRV_SEGUROS_LTI', fipeCode: 'CAT_FIPE_60K', preco: cents(9990) },
  { codigoItem: 'SRV_ASS24', fipeCode: null, preco: cents(2990) },
];

describe('item price by FIPE band and vehicle type (ADR 051)', () => {
  it('FIPE-priced items take their band and the vehicle type surcharge', () => {
    expect(itemPrice(rows, 'SRV_SEGUROS_LTI', reaisToCents(45_000), 'CAT_AGRAVO_VEICULO_LEVE')).toBe(8990);
    expect(itemPrice(rows, 'SRV_SEGUROS_LTI', reaisToCents(55_000), 'CAT_AGRAVO_VEICULO_LEVE')).toBe(9990);
    expect(itemPrice(rows, 'SRV_SEGUROS_LTI', reaisToCents(45_000), 'CAT_AGRAVO_PICKUP_CAM')).toBe(10788);
    expect(itemPrice(rows, 'SRV_SEGUROS_LTI', reaisToCents(45_000), 'CAT_AGRAVO_OUTROS')).toBe(9889);
  });
  it('flat items ignore band and type; unpriced items are null', () => {
    expect(itemPrice(rows, 'SRV_ASS24', reaisToCents(120_000), 'CAT_AGRAVO_PICKUP_CAM')).toBe(2990);
    expect(itemPrice(rows, 'SRV_SEGUROS_LTI', reaisToCents(120_000), 'CAT_AGRAVO_VEICULO_LEVE')).toBeNull();
    expect(itemPrice(rows, 'SRV_VIDROS', reaisToCents(45_000), 'CAT_AGRAVO_VEICULO_LEVE')).toBeNull();
  });
});

describe('plan quote', () => {
  const items = [
    { codigoItem: 'SRV_RF', descricao: 'Furto e Roubo', preco: cents(9990), obrigatorio: true },
    { codigoItem: 'SRV_ASS24', descricao: 'Assistência 24h', preco: cents(2990), obrigatorio: false },
    { codigoItem: 'SRV_VIDROS', descricao: 'Vidros', preco: cents(1490), obrigatorio: false },
  ];
  const base = { items, fipeValue: reaisToCents(45_000), isRecupPlan: false, today: '2026-11-22', validityEnd: '2027-05-22' };
  it('monthly: required + chosen, the rest not added', () => {
    const q = quotePlan({ ...base, chosen: new Set(['SRV_ASS24']), paymentType: 'M' });
    expect(q).toMatchObject({
      initialVlue: 12980,
      fipe: 'CAT_FIPE_50K',
      installments: 1,
      installmentValue: 12980,
      paymentType: 'M',
      isRecupPlan: false,
    });
    expect(q.required).toEqual([{ service_code: 'SRV_RF', service_name: 'Furto e Roubo', value: 9990 }]);
    expect(q.added.map((l) => l.service_code)).toEqual(['SRV_ASS24']);
    expect(q.notAdded.map((l) => l.service_code)).toEqual(['SRV_VIDROS']);
  });
  it('annual: yearly prices spread over the months to the end of coverage', () => {
    const q = quotePlan({ ...base, chosen: new Set(['SRV_ASS24', 'SRV_VIDROS']), paymentType: 'A' });
    // yearly 144,70 → 6 months: 72,35 in 6x of 12,06
    expect(q).toMatchObject({ initialVlue: 7235, installments: 6, installmentValue: 1206, paymentType: 'A' });
  });
});
