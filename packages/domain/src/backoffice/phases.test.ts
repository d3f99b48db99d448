import { describe, expect, it } from 'vitest';
import { CLAIM_PHASES, claimTimeline } from '../claims/timeline';
import { canMoveTo, caseKindOf, isClaimPhaseOf, nextPhases, phaseCloses, SUPPORT_PHASES, type CaseKind } from './phases';

const open = (kind: CaseKind, phase: string, extra: { reason?: string; subject?: string } = {}) => ({
  kind,
  phase,
  status: 'New' as const,
  ...extra,
});

/** Every allowed move, written out; every other (from, to) pair of the phase list must be refused. */
const COLLISION: Record<string, string[]> = {
  Aberto: ['Documentação'],
  Documentação: ['Análise', 'Pré-Análise', 'Sindicância', 'Pré-Sindicância'],
  Análise: ['Pré-Análise', 'Sindicância', 'Pré-Sindicância', 'Direcionamento', 'Documentação'],
  'Pré-Análise': ['Análise', 'Sindicância', 'Pré-Sindicância', 'Direcionamento', 'Documentação'],
  Sindicância: ['Análise', 'Pré-Análise', 'Pré-Sindicância', 'Direcionamento', 'Documentação'],
  'Pré-Sindicância': ['Análise', 'Pré-Análise', 'Sindicância', 'Direcionamento', 'Documentação'],
  Direcionamento: ['Regulação'],
  Regulação: ['Comunicação Cliente', 'Acompanhamento', 'Pagamento', 'Monitorar Pagamento', 'Indenização'],
  'Comunicação Cliente': ['Acompanhamento', 'Pagamento', 'Monitorar Pagamento'],
  Acompanhamento: ['Pagamento', 'Monitorar Pagamento', 'Aguardando Financeiro', 'Finalização'],
  Pagamento: ['Acompanhamento', 'Monitorar Pagamento', 'Aguardando Financeiro', 'Finalização'],
  'Monitorar Pagamento': ['Acompanhamento', 'Pagamento', 'Aguardando Financeiro', 'Finalização'],
  'Aguardando Financeiro': ['Finalização'],
  Indenização: ['Finalização'],
  Finalização: [],
};

const GLASS: Record<string, string[]> = {
  Aberto: ['Documentação', 'Em Espera', 'Reembolso'],
  Documentação: ['Em Espera', 'Reembolso', 'Análise'],
  'Em Espera': ['Documentação', 'Reembolso', 'Análise'],
  Reembolso: ['Documentação', 'Em Espera', 'Análise'],
  Análise: ['Regulação', 'Documentação', 'Em Espera', 'Reembolso'],
  Regulação: ['Contato Jurídico', 'Acompanhamento', 'Reparo Autorizado'],
  'Contato Jurídico': ['Acompanhamento', 'Reparo Autorizado'],
  Acompanhamento: ['Reparo Autorizado', 'Monitorar Pagamento'],
  'Reparo Autorizado': ['Acompanhamento', 'Monitorar Pagamento'],
  'Monitorar Pagamento': ['Aguardando Financeiro', 'Confirmação', 'Concluido', 'Finalização'],
  'Aguardando Financeiro': ['Confirmação', 'Concluido', 'Finalização'],
  Confirmação: ['Concluido', 'Finalização'],
  Concluido: ['Confirmação', 'Finalização'],
  Finalização: ['Confirmação', 'Concluido'],
};

describe('claim phase state machine', () => {
  for (const [kind, table] of [
    ['colisao', COLLISION],
    ['vidros', GLASS],
  ] as const) {
    describe(kind, () => {
      for (const from of CLAIM_PHASES) {
        it(`from ${from}: allows exactly the listed moves and refuses every other phase`, () => {
          const allowed = table[from] ?? [];
          expect(new Set(nextPhases(open(kind, from)))).toEqual(new Set(allowed));
          for (const to of CLAIM_PHASES) expect(canMoveTo(open(kind, from), to)).toBe(allowed.includes(to));
        });
      }
    });
  }

  it('every phase staff can reach is one the customer timeline shows (never "Etapa não encontrada")', () => {
    for (const [kind, table, reason] of [
      ['colisao', COLLISION, 'Colisão'],
      ['vidros', GLASS, 'Vidros'],
    ] as const) {
      for (const targets of Object.values(table))
        for (const to of targets) expect(claimTimeline({ reason, phase: to }).ok, `${kind} → ${to}`).toBe(true);
    }
  });

  it("isClaimPhaseOf: a phase of the kind's own machine is one the console can move on from (issue 23 item 8)", () => {
    for (const kind of ['colisao', 'vidros'] as const) {
      for (const phase of CLAIM_PHASES) {
        // A phase outside the machine leaves an open claim with no move; every phase inside it has one, but the
        // collision's last (Finalização, which closes the claim).
        const last = kind === 'colisao' && phase === 'Finalização';
        expect(isClaimPhaseOf(kind, phase), `${kind} ${phase}`).toBe(nextPhases(open(kind, phase)).length > 0 || last);
      }
    }
    expect(isClaimPhaseOf('vidros', 'Indenização')).toBe(false);
    expect(isClaimPhaseOf('colisao', 'Monitora Documentação')).toBe(false);
    expect(isClaimPhaseOf('colisao', '<script>')).toBe(false);
  });

  it('a closed claim moves nowhere', () => {
    expect(nextPhases({ kind: 'colisao', phase: 'Documentação', status: 'Closed' })).toEqual([]);
    expect(canMoveTo({ kind: 'vidros', phase: 'Análise', status: 'Closed' }, 'Regulação')).toBe(false);
  });

  it('only the final phases close a claim (Confirmação waits for the customer)', () => {
    expect(phaseCloses('colisao', 'Finalização')).toBe(true);
    expect(phaseCloses('vidros', 'Concluido')).toBe(true);
    expect(phaseCloses('vidros', 'Confirmação')).toBe(false);
    expect(phaseCloses('colisao', 'Indenização')).toBe(false);
  });
});

describe('support phase state machine', () => {
  const SUPPORT: Record<string, string[]> = {
    Aberto: ['Análise', 'Concluído'],
    Análise: ['Aguardando Cliente', 'Concluído'],
    'Aguardando Cliente': ['Análise', 'Concluído'],
    Agendamento: ['Análise', 'Concluído'],
    Retenção: ['Análise', 'Concluído'],
    Concluído: [],
  };
  for (const from of SUPPORT_PHASES) {
    it(`from ${from} (a SAC ombudsman case): allows exactly the listed moves`, () => {
      const s = open('suporte', from, { reason: 'SAC', subject: 'Ouvidoria' });
      for (const to of SUPPORT_PHASES) expect(canMoveTo(s, to)).toBe(SUPPORT[from]!.includes(to));
    });
  }

  it('Agendamento only for tracker support, Retenção only for a cancellation', () => {
    expect(canMoveTo(open('suporte', 'Análise', { reason: 'Suporte', subject: 'Suporte Rastreador' }), 'Agendamento')).toBe(true);
    expect(canMoveTo(open('suporte', 'Análise', { reason: 'SAC', subject: 'Cancelamento' }), 'Retenção')).toBe(true);
    expect(canMoveTo(open('suporte', 'Análise', { reason: 'SAC', subject: 'Cancelamento' }), 'Agendamento')).toBe(false);
    expect(canMoveTo(open('suporte', 'Análise', { reason: 'Suporte', subject: 'Suporte Rastreador' }), 'Retenção')).toBe(false);
  });

  it('a claim phase is never a support move; Concluído closes a support case', () => {
    expect(canMoveTo(open('suporte', 'Aberto'), 'Documentação')).toBe(false);
    expect(phaseCloses('suporte', 'Concluído')).toBe(true);
    expect(phaseCloses('suporte', 'Análise')).toBe(false);
  });

  it('claims are told apart from support cases by Subject Sinistro', () => {
    expect(caseKindOf({ Reason: 'Colisão', Subject: 'Sinistro' })).toBe('colisao');
    expect(caseKindOf({ Reason: 'Vidros', Subject: 'Sinistro' })).toBe('vidros');
    expect(caseKindOf({ Reason: 'SAC', Subject: 'Ouvidoria' })).toBe('suporte');
  });
});
