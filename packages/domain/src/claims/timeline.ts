import { compareAscii, saoPauloIsoDate } from '../dates';
import { CLAIM_LIMITS, CLAIM_MSG } from './messages';

/** Every valid Fase__c of a claim (002 §4.1). */
export const CLAIM_PHASES = [
  'Pré-Análise',
  'Pré-Sindicância',
  'Direcionamento',
  'Documentação',
  'Indenização',
  'Regulação',
  'Comunicação Cliente',
  'Aberto',
  'Acompanhamento',
  'Pagamento',
  'Confirmação',
  'Concluido',
  'Análise',
  'Em Espera',
  'Sindicância',
  'Monitorar Pagamento',
  'Finalização',
  'Monitora Documentação',
  'Reembolso',
  'Contato Jurídico',
  'Reparo Autorizado',
  'Aguardando Financeiro',
] as const;
export type ClaimPhase = (typeof CLAIM_PHASES)[number];
export const isClaimPhase = (p: string): p is ClaimPhase => (CLAIM_PHASES as readonly string[]).includes(p);

export interface StepDef {
  title: string;
  phases: readonly string[];
}

/** Collision timeline (002 §4.2). */
export const COLLISION_STEPS: readonly StepDef[] = [
  { title: 'Abertura', phases: ['Aberto'] },
  { title: 'Documentação', phases: ['Documentação'] },
  { title: 'Análise', phases: ['Análise', 'Pré-Análise', 'Sindicância', 'Pré-Sindicância'] },
  { title: 'Direcionamento', phases: ['Direcionamento'] },
  { title: 'Regulação', phases: ['Regulação'] },
  { title: 'Participação Obrigatória', phases: ['Comunicação Cliente'] },
  { title: 'Veículo em Reparo', phases: ['Acompanhamento', 'Pagamento', 'Monitorar Pagamento'] },
  { title: 'Aguardando Financeiro', phases: ['Aguardando Financeiro'] },
  { title: 'Finalização', phases: ['Finalização'] },
];

/**
 * The total-loss timeline (002 §4.2 special case): Regulação with Qualificado_como_PT__c. A collision case
 * whose phase is Indenização itself also shows it (the phase is valid and has no other step).
 */
export const TOTAL_LOSS_STEPS: readonly StepDef[] = [
  // Abertura … Regulação, as in the collision timeline
  ...COLLISION_STEPS.slice(0, 5),
  { title: 'Indenização', phases: ['Indenização'] },
  { title: 'Finalização', phases: ['Finalização'] },
];

/**
 * Glass timeline (002 §4.3). Steps the spec lists without phases (Análise, Regulação, Contato Jurídico,
 * Aguardando Financeiro) take the phase of their own name; Reparo Autorizado and Finalização also take theirs.
 */
export const GLASS_STEPS: readonly StepDef[] = [
  { title: 'Abertura', phases: ['Aberto'] },
  { title: 'Documentação', phases: ['Documentação', 'Em Espera', 'Reembolso'] },
  { title: 'Análise', phases: ['Análise'] },
  { title: 'Regulação', phases: ['Regulação'] },
  { title: 'Contato Jurídico', phases: ['Contato Jurídico'] },
  { title: 'Reparo Autorizado', phases: ['Acompanhamento', 'Reparo Autorizado'] },
  { title: 'Veículo em Reparo', phases: ['Monitorar Pagamento'] },
  { title: 'Aguardando Financeiro', phases: ['Aguardando Financeiro'] },
  { title: 'Finalização', phases: ['Confirmação', 'Concluido', 'Finalização'] },
];

/**
 * completed: done (collision, collapsible); current: 'Em andamento'; future: greyed;
 * earlier: before the current step of a glass case, shown but not marked completed (002 §4.3).
 */
export type StepState = 'completed' | 'current' | 'future' | 'earlier';

export interface TimelineStep {
  title: string;
  state: StepState;
  /** When the case entered this step ('YYYY-MM-DDTHH:mm:ss.sssZ'), if known. */
  date: string | null;
  /** Extra text under the step (total loss). */
  text?: string;
}

export interface PhaseEntry {
  phase: string;
  at: string;
}

export interface TimelineInput {
  /** Case Reason: 'Vidros' → glass timeline; anything else → collision. */
  reason: string;
  phase: string;
  qualifiedTotalLoss?: boolean;
  /** A Closed case: its current step is shown completed too (all steps up to it are done). */
  closed?: boolean;
  /** Phase history (creation as 'Aberto' included), for the step dates. */
  history?: readonly PhaseEntry[];
}

export type TimelineResult =
  { ok: true; kind: 'collision' | 'glass' | 'total-loss'; steps: TimelineStep[]; completed: number } | { ok: false; error: string };

/** Which steps a case shows, and how (002 §4.1–§4.3). Unknown phase → the spec's alert text. */
export function claimTimeline(input: TimelineInput): TimelineResult {
  const glass = input.reason === 'Vidros';
  const totalLoss = !glass && ((input.phase === 'Regulação' && input.qualifiedTotalLoss === true) || input.phase === 'Indenização');
  const defs = glass ? GLASS_STEPS : totalLoss ? TOTAL_LOSS_STEPS : COLLISION_STEPS;
  // Total loss in Regulação: Regulação is completed and Indenização current.
  const currentPhase = totalLoss ? 'Indenização' : input.phase;
  const current = defs.findIndex((s) => s.phases.includes(currentPhase));
  if (current < 0) return { ok: false, error: CLAIM_MSG.unknownPhase(input.phase) };
  const dateOf = (def: StepDef): string | null => {
    const hits = (input.history ?? []).filter((h) => def.phases.includes(h.phase)).map((h) => h.at);
    return hits.length ? hits.sort()[hits.length - 1]! : null;
  };
  const steps = defs.map((def, i): TimelineStep => {
    let state: StepState;
    if (i > current) state = 'future';
    else if (i === current) state = input.closed ? 'completed' : 'current';
    else state = glass ? 'earlier' : 'completed';
    const step: TimelineStep = { title: def.title, state, date: i <= current ? dateOf(def) : null };
    if (totalLoss && def.title === 'Indenização') step.text = CLAIM_MSG.totalLoss;
    return step;
  });
  return {
    ok: true,
    kind: glass ? 'glass' : totalLoss ? 'total-loss' : 'collision',
    steps,
    completed: steps.filter((s) => s.state === 'completed').length,
  };
}

/**
 * How the 'Etapas' list shows a timeline (002 §2.4), always in the timeline's order: the completed steps it starts
 * with fold into 'N etapas concluídas', the rest follow. A completed step after one that is not (a concluded glass
 * case: its earlier steps are not marked completed, §4.3, its Finalização is) stays in its place, not above Abertura.
 */
export function timelineSections<T extends Pick<TimelineStep, 'state'>>(steps: readonly T[]): { folded: T[]; shown: T[] } {
  const lead = steps.findIndex((st) => st.state !== 'completed');
  const at = lead < 0 ? steps.length : lead;
  return { folded: steps.slice(0, at), shown: steps.slice(at) };
}

export const CLAIM_MONTHS_PT = ['Jan.', 'Fev.', 'Mar.', 'Abr.', 'Mai.', 'Jun.', 'Jul.', 'Ago.', 'Set.', 'Out.', 'Nov.', 'Dez.'] as const;

/** A step date 'dd de Mon. yyyy' in São Paulo ('05 de Nov. 2026'). */
export function formatStepDate(instant: string | Date): string {
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return '';
  const [year, month, day] = saoPauloIsoDate(d).split('-');
  return `${day} de ${CLAIM_MONTHS_PT[Number(month) - 1]} ${year}`;
}

/** The 'Atualização' carousel: the last 3 comments, newest first (002 §7). */
export function latestComments<T extends { CreatedDate: string }>(comments: readonly T[], n: number = CLAIM_LIMITS.commentsShown): T[] {
  return [...comments].sort((a, b) => compareAscii(b.CreatedDate, a.CreatedDate)).slice(0, n);
}
