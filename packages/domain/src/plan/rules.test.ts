import { describe, expect, it } from 'vitest';
import { coveredServices, discountedFee, isCobrePlan, isFlaggedExecutive, referralDiscount, referralLink, whatsappLink } from './rules';
import { planContentLines, planContents } from './contents';

const item = (name: string, subs: Array<[string, boolean]> = []) => ({
  name,
  subItems: subs.map(([n, required]) => ({ name: n, required })),
});

describe('covered services display rules', () => {
  it("shows 'Colisão Completa + Terceiros + Seguro APP' as 'Colisão completa'", () => {
    expect(coveredServices([item('Cobertura de colisão', [['Colisão Completa + Terceiros + Seguro APP', true]])])).toEqual([
      'Colisão completa',
    ]);
  });
  it("hides 'Furto e Roubo' when 'Perda Total (Furto e Roubo)' is also required", () => {
    const both = item('Garantia', [
      ['Furto e Roubo', true],
      ['Perda Total (Furto e Roubo)', true],
    ]);
    expect(coveredServices([both])).toEqual(['Perda Total (Furto e Roubo)']);
  });
  it("keeps 'Furto e Roubo' when total loss is absent or not required", () => {
    expect(
      coveredServices([
        item('G', [
          ['Furto e Roubo', true],
          ['Perda Total (Furto e Roubo)', false],
        ]),
      ]),
    ).toEqual(['Furto e Roubo']);
  });
  it('an item without required sub-items shows its own name; duplicates once', () => {
    expect(
      coveredServices([item('Rastreamento 24h'), item('Assistência 24h', [['Guincho até 200 km', false]]), item('Rastreamento 24h')]),
    ).toEqual(['Rastreamento 24h', 'Assistência 24h']);
  });
});

describe('referral discount', () => {
  const refs = (ok: number, debit: number) => [...Array(ok).fill({ inDebit: false }), ...Array(debit).fill({ inDebit: true })];
  it.each([
    [0, 0, 0],
    [1, 0, 10],
    [2, 1, 20],
    [3, 3, 30],
    [4, 0, 40],
    [5, 2, 50],
    [6, 1, 50],
    [7, 0, 50],
    [0, 7, 0],
  ])('%i not in debit + %i in debit → %i%%', (ok, debit, percent) => {
    const r = referralDiscount(refs(ok, debit));
    expect(r.percent).toBe(percent);
    expect(r.total).toBe(ok + debit);
    expect(r.counted).toBe(Math.min(ok, 5));
    expect(r.missingForMax).toBe(5 - Math.min(ok, 5));
    expect(r.maxPercent).toBe(50);
  });
  it('applies to the monthly fee in cents', () => {
    expect(discountedFee(18990, 30)).toBe(13293);
    expect(discountedFee(18990, 0)).toBe(18990);
  });
  it('share link points to /indicacao with the code', () => {
    expect(referralLink('https://app.example', 'MARIA 10')).toBe('https://app.example/indicacao?codigo=MARIA+10');
  });
});

describe('COBRE and executives', () => {
  it('COBRE anywhere in idPlan, any case', () => {
    expect(isCobrePlan('GUARITA_COBRE_FROTA')).toBe(true);
    expect(isCobrePlan('guarita_cobre')).toBe(true);
    expect(isCobrePlan('GUARITA_COMPLETO')).toBe(false);
  });
  it('flags the spec codes 0, 16, 19, 27, 45, 76 and a missing code', () => {
    for (const c of [0, 16, 19, 27, 45, 76, null]) expect(isFlaggedExecutive(c)).toBe(true);
    for (const c of [31, 1, 100]) expect(isFlaggedExecutive(c)).toBe(false);
  });
  it('WhatsApp link with the country code', () => {
    expect(whatsappLink('(31) 98888-7777')).toBe('https://wa.me/5531988887777');
    expect(whatsappLink('5531988887777', 'Olá')).toBe('https://wa.me/5531988887777?text=Ol%C3%A1');
  });
});

describe('plan contents', () => {
  it('the complete plan carries every fact of the spec', () => {
    const money = (c: number) => `R$ ${(c / 100).toLocaleString('pt-BR')}`;
    expect(planContentLines(planContents('GUARITA_COMPLETO'), money)).toEqual([
      'Assistência 24h com reboque de até 400 km e hospedagem para até 5 pessoas',
      'Carro reserva por 7 dias',
      'Cobertura a terceiros de até R$ 100.000',
      'R$ 10.000 por passageiro em caso de morte ou invalidez e R$ 3.000 para despesas hospitalares',
      'Indenização de 100% para veículos de aplicativo, táxi e entrega',
      'Indenização de 70% para veículos especiais',
    ]);
  });
  it('a recovery plan has no assistance nor third-party cover', () => {
    const c = planContents('GUARITA_RECUP');
    expect(c.assistance24h).toBeNull();
    expect(c.thirdPartyCoverCents).toBeNull();
  });
});
