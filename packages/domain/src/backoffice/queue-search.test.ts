import { describe, expect, it } from 'vitest';
import { parseQueueSearch, QUEUE_SEARCH_MSG, queuePhasesFor } from './queue-search';

describe('the queue search box (issue 30 item 12)', () => {
  it('reads a protocol, with or without its dash', () => {
    expect(parseQueueSearch(' 2026-000123 ')).toEqual({ kind: 'protocolo', caseNumber: '2026-000123' });
    expect(parseQueueSearch('2026000123')).toEqual({ kind: 'protocolo', caseNumber: '2026-000123' });
  });

  it('reads a CPF or CNPJ formatted or not, and refuses an invalid one', () => {
    expect(parseQueueSearch('529.982.247-25')).toEqual({ kind: 'documento', document: '52998224725' });
    expect(parseQueueSearch('52998224725')).toEqual({ kind: 'documento', document: '52998224725' });
    expect(parseQueueSearch('11.222.333/0001-81')).toEqual({ kind: 'documento', document: '11222333000181' });
    expect(parseQueueSearch('52998224726')).toEqual({ error: QUEUE_SEARCH_MSG.invalidDocument });
  });

  it('reads an e-mail in any case, a plate in either format, a contract', () => {
    expect(parseQueueSearch('Maria@Exemplo.com.br')).toEqual({ kind: 'email', email: 'maria@exemplo.com.br' });
    expect(parseQueueSearch('maria@')).toEqual({ error: QUEUE_SEARCH_MSG.invalidEmail });
    expect(parseQueueSearch('rta-1b23')).toEqual({ kind: 'placa', plate: 'RTA1B23' });
    expect(parseQueueSearch('ABC1234')).toEqual({ kind: 'placa', plate: 'ABC1234' });
    expect(parseQueueSearch('100101')).toEqual({ kind: 'contrato', nCtrId: 100101 });
    expect(parseQueueSearch('0')).toEqual({ error: QUEUE_SEARCH_MSG.invalidNumber });
    expect(parseQueueSearch('123456789012')).toEqual({ error: QUEUE_SEARCH_MSG.invalidNumber });
  });

  it('reads anything else as words of the name (2 letters at least, punctuation dropped)', () => {
    expect(parseQueueSearch('Maria  da Silva')).toEqual({ kind: 'nome', words: ['maria', 'da', 'silva'] });
    expect(parseQueueSearch("João d'Ávila")).toEqual({ kind: 'nome', words: ['joao', 'avila'] });
    expect(parseQueueSearch('CONCEIÇÃO')).toEqual({ kind: 'nome', words: ['conceicao'] });
    expect(parseQueueSearch('a')).toEqual({ error: QUEUE_SEARCH_MSG.tooShort });
    expect(parseQueueSearch('%_')).toEqual({ error: QUEUE_SEARCH_MSG.tooShort });
  });

  it("lists the phases of the role's cases", () => {
    expect(queuePhasesFor('atendimento')).toEqual(['Aberto', 'Análise', 'Aguardando Cliente', 'Agendamento', 'Retenção', 'Concluído']);
    expect(queuePhasesFor('sinistros')).toContain('Reparo Autorizado');
    expect(queuePhasesFor('sinistros')).not.toContain('Retenção');
    expect(queuePhasesFor('admin')).toEqual(expect.arrayContaining(['Retenção', 'Reparo Autorizado']));
    expect(queuePhasesFor('financeiro')).toEqual([]);
  });
});
