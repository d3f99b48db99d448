import { COLLISION_STEPS, GLASS_STEPS, type StepDef } from '../claims/timeline';
import { PHASE_DONE, PHASE_OPEN } from '../cases/cases';

/**
 * The phase state machines staff move cases through (issue 13, ADR 055). Claims follow the customer's own
 * timelines (002 §4.2–§4.3: the same step tables `claimTimeline` draws), so staff can never put a claim in a
 * phase the customer's timeline cannot show. Support cases follow the phases of 001 (Aberto … Concluído).
 *
 * A move is allowed to another phase of the current step or to a phase of one of the step's next steps.
 * Entering a final phase (Finalização or Concluido for claims, Concluído for support) closes the case; a closed
 * case moves nowhere. A support case in a phase outside the list (a CRM's own) moves as from Análise.
 */

/** Which steps may follow each step, by title (forward, plus 'ask for more documents' from the analysis). */
type StepGraph = Readonly<Record<string, readonly string[]>>;

const COLLISION_NEXT: StepGraph = {
  Abertura: ['Documentação'],
  Documentação: ['Análise'],
  Análise: ['Direcionamento', 'Documentação'],
  Direcionamento: ['Regulação'],
  // Participação Obrigatória (the deductible) only when the customer owes one; total loss goes to Indenização.
  Regulação: ['Participação Obrigatória', 'Veículo em Reparo', 'Indenização'],
  'Participação Obrigatória': ['Veículo em Reparo'],
  'Veículo em Reparo': ['Aguardando Financeiro', 'Finalização'],
  'Aguardando Financeiro': ['Finalização'],
  Indenização: ['Finalização'],
  Finalização: [],
};

const GLASS_NEXT: StepGraph = {
  Abertura: ['Documentação'],
  Documentação: ['Análise'],
  Análise: ['Regulação', 'Documentação'],
  Regulação: ['Contato Jurídico', 'Reparo Autorizado'],
  'Contato Jurídico': ['Reparo Autorizado'],
  'Reparo Autorizado': ['Veículo em Reparo'],
  'Veículo em Reparo': ['Aguardando Financeiro', 'Finalização'],
  'Aguardando Financeiro': ['Finalização'],
  Finalização: [],
};

/** The collision steps plus Indenização (the total-loss branch of 002 §4.2). */
const COLLISION_WITH_TOTAL_LOSS: readonly StepDef[] = [...COLLISION_STEPS, { title: 'Indenização', phases: ['Indenização'] }];

/** The phases of this claim kind's machine: a phase outside them leaves the claim with no move (nextPhases is []). */
export function isClaimPhaseOf(kind: Exclude<CaseKind, 'suporte'>, phase: string): boolean {
  return (kind === 'vidros' ? GLASS_STEPS : COLLISION_WITH_TOTAL_LOSS).some((st) => st.phases.includes(phase));
}

/** Support phases (001 §4, §2: Aberto, in progress, Concluído) and the moves between them. */
export const SUPPORT_PHASES = [PHASE_OPEN, 'Análise', 'Aguardando Cliente', 'Agendamento', 'Retenção', PHASE_DONE] as const;
export type SupportPhase = (typeof SUPPORT_PHASES)[number];

const SUPPORT_NEXT: Readonly<Record<SupportPhase, readonly SupportPhase[]>> = {
  Aberto: ['Análise', PHASE_DONE],
  Análise: ['Aguardando Cliente', 'Agendamento', 'Retenção', PHASE_DONE],
  'Aguardando Cliente': ['Análise', PHASE_DONE],
  Agendamento: ['Análise', PHASE_DONE],
  Retenção: ['Análise', PHASE_DONE],
  Concluído: [],
};

export type CaseKind = 'colisao' | 'vidros' | 'suporte';

/** The machine a case follows: Reason Colisão/Vidros with Subject Sinistro is a claim; everything else is support. */
export function caseKindOf(c: { Reason: string; Subject: string }): CaseKind {
  if (c.Subject === 'Sinistro') return c.Reason === 'Vidros' ? 'vidros' : 'colisao';
  return 'suporte';
}

export interface PhaseState {
  kind: CaseKind;
  phase: string;
  status: 'New' | 'Closed';
  /** The case's Reason/Subject (support: Agendamento only for tracker support, Retenção only for cancellation). */
  reason?: string;
  subject?: string;
}

function supportAllowed(s: PhaseState, to: SupportPhase): boolean {
  if (to === 'Agendamento') return s.reason === 'Suporte';
  if (to === 'Retenção') return s.subject === 'Cancelamento';
  return true;
}

/** The phases staff may move the case to now, in the order the console lists them. */
export function nextPhases(s: PhaseState): string[] {
  if (s.status === 'Closed') return [];
  if (s.kind === 'suporte') {
    const from = (SUPPORT_PHASES as readonly string[]).includes(s.phase) ? (s.phase as SupportPhase) : 'Análise';
    return SUPPORT_NEXT[from].filter((to) => supportAllowed(s, to));
  }
  const steps = s.kind === 'vidros' ? GLASS_STEPS : COLLISION_WITH_TOTAL_LOSS;
  const graph = s.kind === 'vidros' ? GLASS_NEXT : COLLISION_NEXT;
  const current = steps.find((st) => st.phases.includes(s.phase));
  if (!current) return [];
  const siblings = current.phases.filter((p) => p !== s.phase);
  const ahead = (graph[current.title] ?? []).flatMap((title) => steps.find((st) => st.title === title)?.phases ?? []);
  return [...new Set([...siblings, ...ahead])];
}

export function canMoveTo(s: PhaseState, to: string): boolean {
  return nextPhases(s).includes(to);
}

/** Claim phases that end the claim (Confirmação, the customer's confirmation, does not). */
const CLOSING_CLAIM_PHASES: readonly string[] = ['Finalização', 'Concluido'];

/** Entering this phase closes the case (Status Closed). */
export function phaseCloses(kind: CaseKind, phase: string): boolean {
  return kind === 'suporte' ? phase === PHASE_DONE : CLOSING_CLAIM_PHASES.includes(phase);
}
