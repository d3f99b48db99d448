import { z } from 'zod';
import { safeText } from '../bounds';
import { CLAIM_PHASES } from '../claims/timeline';
import { SUPPORT_PHASES } from './phases';
import { STAFF_ROLES, type StaffRole } from './staff';

/**
 * Assignment, presence and bulk actions in the staff console (issue 30 items 10 and 14, ADR 086): who works a case,
 * who has it open now, and one action applied to several cases, each in a transaction of its own.
 */

/** The most cases one bulk request may name (a page of the queue is at most 100; a bulk action is a deliberate act). */
export const BULK_MAX = 50;

/** How long a case page's heartbeat keeps its reader 'here' (the page beats every PRESENCE_BEAT_SECONDS). */
export const PRESENCE_EXPIRY_SECONDS = 30;
export const PRESENCE_BEAT_SECONDS = 10;

export const ASSIGNMENT_MSG = {
  notAColleague: 'Escolha um colega ativo da equipe que trabalha este tipo de caso.',
  chooseColleague: 'Escolha um colega.',
  tooMany: `Selecione no máximo ${BULK_MAX} casos por vez.`,
  noneSelected: 'Selecione ao menos um caso.',
  cannotClose: (phase: string) => `Não é possível encerrar o caso na fase ${phase}.`,
  alreadyClosed: 'Este caso já está encerrado.',
  chooseAction: 'Escolha a ação.',
  choosePhase: 'Escolha a nova fase.',
} as const;

const staffId = z
  .number({ error: ASSIGNMENT_MSG.chooseColleague })
  .int(ASSIGNMENT_MSG.chooseColleague)
  .positive(ASSIGNMENT_MSG.chooseColleague)
  .max(2_147_483_647, ASSIGNMENT_MSG.chooseColleague);

/** Assign (responsavelId: a staff member's id) or unassign (null). */
export const AssignmentBody = z.object({ responsavelId: staffId.nullable() });
export type AssignmentBody = z.infer<typeof AssignmentBody>;

const StaffRef = z.object({ id: z.number().int(), nome: z.string(), papel: z.enum(STAFF_ROLES) });
export type StaffRefDto = z.infer<typeof StaffRef>;

export const AssignmentDto = z.object({
  responsavel: StaffRef.nullable(),
  /** The active staff of the desk that works this kind of case (empty for a role that only reads). */
  colegas: z.array(StaffRef),
  podeAlterar: z.boolean(),
});
export type AssignmentDto = z.infer<typeof AssignmentDto>;

/** The others with the case open now (the caller not included). */
export const PresenceDto = z.object({ outros: z.array(StaffRef.omit({ id: true })) });
export type PresenceDto = z.infer<typeof PresenceDto>;

const caseNumber = z.string({ error: 'Número de caso inválido.' }).regex(/^\d{4}-\d{6}$/, 'Número de caso inválido.');

export const BulkAction = z.discriminatedUnion(
  'tipo',
  [
    z.object({ tipo: z.literal('atribuir'), responsavelId: staffId.nullable() }),
    z.object({
      tipo: z.literal('fase'),
      fase: safeText(60, { required: ASSIGNMENT_MSG.choosePhase }).trim().min(1, ASSIGNMENT_MSG.choosePhase),
    }),
    z.object({ tipo: z.literal('encerrar') }),
  ],
  { error: ASSIGNMENT_MSG.chooseAction },
);
export type BulkAction = z.infer<typeof BulkAction>;

export const BulkBody = z.object({
  casos: z
    .array(caseNumber, { error: ASSIGNMENT_MSG.noneSelected })
    .min(1, ASSIGNMENT_MSG.noneSelected)
    .max(BULK_MAX, ASSIGNMENT_MSG.tooMany)
    .refine((a) => new Set(a).size === a.length, 'Cada caso uma vez só.'),
  acao: BulkAction,
});
export type BulkBody = z.infer<typeof BulkBody>;

/** Per case: applied, or why not (pt-BR, as the single-case action would say). */
export const BulkResultDto = z.object({
  resultados: z.array(z.object({ caso: z.string(), ok: z.boolean(), mensagem: z.string() })),
});
export type BulkResultDto = z.infer<typeof BulkResultDto>;

/** The console's 'Atribuir a um colega' form: the select's value is the colleague's id. */
export const AssignColleagueForm = z.object({
  responsavelId: z.coerce
    .number({ error: ASSIGNMENT_MSG.chooseColleague })
    .int(ASSIGNMENT_MSG.chooseColleague)
    .positive(ASSIGNMENT_MSG.chooseColleague),
});

/** The desk's colleagues a bulk assignment may choose from. */
export const ColleaguesDto = z.object({ colegas: z.array(StaffRef) });
export type ColleaguesDto = z.infer<typeof ColleaguesDto>;

/** The phases a bulk move offers a desk (each case then takes it only if its own state machine allows). */
export function bulkPhaseOptions(role: StaffRole): string[] {
  if (role === 'atendimento') return [...SUPPORT_PHASES];
  if (role === 'sinistros') return [...CLAIM_PHASES].sort((a, b) => a.localeCompare(b, 'pt-BR'));
  return [];
}

/** The queue's bulk action form (select values as strings); answers the BulkAction it sends. */
export const BulkActionForm = z
  .object({
    tipo: z.enum(['atribuir', 'fase', 'encerrar'], { error: ASSIGNMENT_MSG.chooseAction }),
    /** a colleague's id, or 'ninguem' to unassign */
    responsavel: z.string().max(20),
    fase: z.string().max(60),
  })
  .superRefine((v, ctx) => {
    if (v.tipo === 'atribuir' && !/^(\d{1,10}|ninguem)$/.test(v.responsavel))
      ctx.addIssue({ code: 'custom', path: ['responsavel'], message: ASSIGNMENT_MSG.chooseColleague });
    if (v.tipo === 'fase' && v.fase.trim() === '') ctx.addIssue({ code: 'custom', path: ['fase'], message: ASSIGNMENT_MSG.choosePhase });
  })
  .transform((v): BulkAction => {
    if (v.tipo === 'atribuir') return { tipo: 'atribuir', responsavelId: v.responsavel === 'ninguem' ? null : Number(v.responsavel) };
    if (v.tipo === 'fase') return { tipo: 'fase', fase: v.fase.trim() };
    return { tipo: 'encerrar' };
  });
