import { describe, expect, it } from 'vitest';
import { overdueExplanation, overdueSummary } from './overdue';

const bill = (idStatus: 'I' | 'A' | 'P', docTotal: number, valorMulta = 0, valorJuros = 0) => ({
  idStatus,
  docTotal,
  valorMulta,
  valorJuros,
});

describe('overdueSummary', () => {
  it('adds up fee, fine and interest of the overdue bills only', () => {
    const s = overdueSummary([bill('P', 18990), bill('I', 18990, 380, 127), bill('A', 18990)]);
    expect(s).toEqual({ count: 1, fees: 18990, fine: 380, interest: 127, total: 19497 });
    expect(overdueExplanation(s)).toBe('Mensalidade R$\u00a0189,90 + multa R$\u00a03,80 + juros R$\u00a01,27');
  });

  it('several overdue bills', () => {
    const s = overdueSummary([bill('I', 10000, 200, 50), bill('I', 10000, 200, 150)]);
    expect(s.total).toBe(20600);
    expect(overdueExplanation(s)).toBe('2 mensalidades R$\u00a0200,00 + multa R$\u00a04,00 + juros R$\u00a02,00');
  });

  it('leaves out a zero fine or interest, and is empty when nothing is overdue', () => {
    expect(overdueExplanation(overdueSummary([bill('I', 5000)]))).toBe('Mensalidade R$\u00a050,00');
    expect(overdueSummary([bill('A', 5000), bill('P', 5000)])).toEqual({ count: 0, fees: 0, fine: 0, interest: 0, total: 0 });
  });
});
