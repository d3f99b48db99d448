import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { itemChanges } from './items';
import { quotePlan } from './pricing';
import { acquiredServices, choiceKey, currentCharge, pricedOffer } from './offer';

const tow = (codigoItem: string, descricao: string, itemPadrao = false, idLinha = 1) => ({
  codigoItem,
  descricao,
  preco: 0,
  idLinha,
  dataVinculo: '2026-01-01',
  itemPadrao,
});

describe('acquiredServices', () => {
  it('maps contract item kinds to service codes; towing when a km option is selected', () => {
    const a = acquiredServices([
      { kind: 'roubo_furto', subItems: [] },
      {
        kind: 'assistencia',
        subItems: [
          { towingKm: 200, selected: true },
          { towingKm: 400, selected: false },
        ],
      },
      { kind: 'vidros', subItems: [] },
    ]);
    expect([...a.codes].sort()).toEqual(['SRV_ASS24', 'SRV_REBOQ', 'SRV_ROUBO_FURTO', 'SRV_VIDROS']);
    expect(a.towingKm).toBe(200);
    const none = acquiredServices([{ kind: 'assistencia', subItems: [] }]);
    expect(none.codes.has('SRV_REBOQ')).toBe(false);
    expect(none.towingKm).toBeNull();
  });

  it('a towing km change is a change (Adicionado the new km, Removido the old)', () => {
    const acquired = new Set([choiceKey('SRV_REBOQ', 200), choiceKey('SRV_VIDROS', null)]);
    const chosen = new Set([choiceKey('SRV_REBOQ', 400), choiceKey('SRV_VIDROS', null)]);
    expect(itemChanges({ acquired, chosen })).toEqual({ added: ['SRV_REBOQ@400'], removed: ['SRV_REBOQ@200'] });
  });
});

describe('pricedOffer', () => {
  const prices = [
    { codigoItem: 'SRV_ROUBO_FURTO', fipeCode: 'CAT_FIPE_50K', preco: cents(9990) },
    { codigoItem: 'SRV_SEGUROS_LTI', fipeCode: 'CAT_FIPE_60K', preco: cents(8990) },
    { codigoItem: 'SRV_ASS24', fipeCode: null, preco: cents(2990) },
    { codigoItem: 'SRV_ADESAO', fipeCode: null, preco: cents(15000) },
    { codigoItem: 'SRV_CLUBE', fipeCode: null, preco: cents(0) },
    { codigoItem: 'R200', fipeCode: null, preco: cents(990) },
    { codigoItem: 'R400', fipeCode: null, preco: cents(1490) },
  ];
  const items = ['SRV_ROUBO_FURTO', 'SRV_SEGUROS_LTI', 'SRV_ASS24', 'SRV_REBOQ', 'SRV_ADESAO', 'SRV_CLUBE'].map((codigoItem) => ({
    codigoItem,
    descricao: codigoItem,
    obrigatorio: codigoItem === 'SRV_ROUBO_FURTO',
  }));
  const towing = [tow('R400', 'Reboque até 400 km', true, 2), tow('R200', 'Reboque até 200 km', false, 1)];

  it('prices by band with the surcharge, flat items as they are, towing at its default option; drops what is not offered', () => {
    const offer = pricedOffer({ items, towing, prices, fipeValue: cents(4_500_000), vehicleType: 'CAT_AGRAVO_PICKUP_CAM' });
    expect(offer.map((i) => [i.codigoItem, i.preco])).toEqual([
      ['SRV_ROUBO_FURTO', 11988], // R$ 99,90 + 20 %
      ['SRV_ASS24', 2990],
      ['SRV_REBOQ', 1490], // the default (itemPadrao) option: 400 km
    ]);
    // collision has no row for CAT_FIPE_50K: not offered (never free); adhesion and price 0 never offered
    expect(offer.find((i) => i.codigoItem === 'SRV_REBOQ')!.options!.map((o) => o.km)).toEqual([200, 400]);
  });
});

describe('currentCharge', () => {
  const prices = [
    { codigoItem: 'SRV_ROUBO_FURTO', fipeCode: 'CAT_FIPE_50K', preco: cents(9990) },
    { codigoItem: 'SRV_RASTREADOR', fipeCode: null, preco: cents(2990) },
    { codigoItem: 'SRV_ASS24', fipeCode: null, preco: cents(2990) },
    { codigoItem: 'SRV_VIDROS', fipeCode: null, preco: cents(1490) },
    { codigoItem: 'R200', fipeCode: null, preco: cents(990) },
    { codigoItem: 'R400', fipeCode: null, preco: cents(1490) },
  ];
  const items = ['SRV_ROUBO_FURTO', 'SRV_RASTREADOR', 'SRV_ASS24', 'SRV_REBOQ', 'SRV_VIDROS'].map((codigoItem) => ({
    codigoItem,
    descricao: codigoItem,
    obrigatorio: codigoItem === 'SRV_ROUBO_FURTO' || codigoItem === 'SRV_RASTREADOR',
  }));
  const towing = [tow('R200', 'Reboque até 200 km', true, 1), tow('R400', 'Reboque até 400 km', false, 2)];
  const offer = pricedOffer({ items, towing, prices, fipeValue: cents(4_500_000), vehicleType: 'CAT_AGRAVO_VEICULO_LEVE' });

  it('charges the required items and the acquired ones, towing at the acquired km; what is not acquired is free', () => {
    const acquired = acquiredServices([
      { kind: 'roubo_furto', subItems: [] },
      { kind: 'assistencia', subItems: [{ towingKm: 400, selected: true }] },
    ]);
    const charge = currentCharge(offer, acquired);
    // Perda Total 99,90 + tracker 29,90 (required though the contract lacks it) + assistance 29,90 + towing 400 km 14,90
    expect(charge.lines).toEqual([
      { codigoItem: 'SRV_ROUBO_FURTO', preco: 9990 },
      { codigoItem: 'SRV_RASTREADOR', preco: 2990 },
      { codigoItem: 'SRV_ASS24', preco: 2990 },
      { codigoItem: 'SRV_REBOQ', preco: 1490 },
    ]);
    expect(charge.total).toBe(17460);
  });

  it('equals the quote of the acquired choice, and ignores acquired services the plan does not offer', () => {
    const acquired = acquiredServices([
      { kind: 'vidros', subItems: [] },
      { kind: 'carro_reserva', subItems: [] },
    ]);
    const charge = currentCharge(offer, acquired);
    const quote = quotePlan({
      items: offer,
      chosen: acquired.codes,
      fipeValue: cents(4_500_000),
      paymentType: 'M',
      isRecupPlan: false,
      today: '2026-11-05',
      validityEnd: null,
    });
    expect(charge.total).toBe(quote.initialVlue);
    expect(charge.lines.map((l) => l.codigoItem)).toEqual(['SRV_ROUBO_FURTO', 'SRV_RASTREADOR', 'SRV_VIDROS']);
  });
});
