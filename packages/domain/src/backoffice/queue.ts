import { z } from 'zod';
import { CaseAttachmentDto, CaseDto, CaseEventDto, PhotoQualityDto } from '../cases/dto';
import { ClaimPhotoTypeDto } from '../claims/dto';
import { documentSchema } from '../schemas';
import { CASE_REASONS } from '../cases/cases';
import { BOUNDS_MSG, hasControlChars, safeText } from '../bounds';
import { formatDocument, normalizeDocument } from '../document';
import { STAFF_MSG, staffTextSchema } from './staff';
import { DecisionPreviewDto } from './approvals';
import { parseQueueSearch } from './queue-search';
import { SLA_MAX_HOURS, SLA_MIN_HOURS } from './sla';

/** A customer document as staff lists see it: enough to match a caller, not the whole number ('529.***.***-25'). */
export function maskDocument(document: string): string {
  const d = normalizeDocument(document);
  const f = formatDocument(d);
  if (d.length === 11) return `${f.slice(0, 4)}***.***${f.slice(11)}`;
  if (d.length === 14) return `${f.slice(0, 3)}***.***/****${f.slice(15)}`;
  return '*'.repeat(Math.max(0, d.length - 2)) + d.slice(-2);
}

/** The queue's orders (issue 30 item 13): by time left (the default, most urgent first) or by age, either way. */
export const QUEUE_ORDERS = ['restante', 'restante-desc', 'idade', 'idade-desc'] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];

/** What a bad queue filter says (pt-BR, on the form's field and in the API's 400 alike). */
export const QUEUE_MSG = {
  age: 'Informe a idade mínima em dias: um número inteiro de 0 a 3650.',
  contract: 'Informe o número do contrato, só com números.',
  status: 'Escolha a situação: abertos ou encerrados.',
  order: 'Ordem da fila inválida.',
  text: 'Use até 60 caracteres, sem caracteres de controle.',
  search: 'Use até 100 caracteres, sem caracteres de controle.',
  page: 'Página inválida.',
  limit: 'O limite da página vai de 1 a 100 casos.',
  since: 'Informe um instante válido.',
} as const;

/** One schema per filter, shared by the API's query and the console's form (the same rules and messages). */
const field = {
  busca: safeText(100, { message: QUEUE_MSG.search })
    .trim()
    .superRefine((v, ctx) => {
      const r = parseQueueSearch(v);
      if ('error' in r) ctx.addIssue({ code: 'custom', message: r.error });
    }),
  motivo: safeText(60, { message: QUEUE_MSG.text }).trim(),
  status: z.enum(['New', 'Closed'], { error: QUEUE_MSG.status }),
  fase: safeText(60, { message: QUEUE_MSG.text }).trim(),
  idadeMinDias: z.coerce.number({ error: QUEUE_MSG.age }).int(QUEUE_MSG.age).min(0, QUEUE_MSG.age).max(3650, QUEUE_MSG.age),
  contrato: z.coerce
    .number({ error: QUEUE_MSG.contract })
    .int(QUEUE_MSG.contract)
    .positive(QUEUE_MSG.contract)
    .max(2_147_483_647, QUEUE_MSG.contract),
  ordem: z.enum(QUEUE_ORDERS, { error: QUEUE_MSG.order }),
};

/**
 * Queue filters (issue 13 §2, issue 30 items 11–13); paging is keyset on the order's key and the id. `busca` is the
 * one search box (parseQueueSearch); `contrato` and `documento` stay for links and scripts.
 */
export const QueueQuery = z.object({
  // safeText: a NUL or a lone surrogate in a filter reached the query as a 500 (issue 23 item 7).
  busca: field.busca.optional(),
  motivo: field.motivo.optional(),
  status: field.status.default('New'),
  fase: field.fase.optional(),
  /** Only cases at least this many days old. */
  idadeMinDias: field.idadeMinDias.optional(),
  contrato: field.contrato.optional(),
  /** The customer's full CPF/CNPJ (answers show it masked). */
  documento: documentSchema.optional(),
  ordem: field.ordem.default('restante'),
  cursor: z
    .string({ error: QUEUE_MSG.page })
    .max(200, QUEUE_MSG.page)
    .regex(/^[A-Za-z0-9_-]+$/, QUEUE_MSG.page)
    .optional(),
  limite: z.coerce.number({ error: QUEUE_MSG.limit }).int(QUEUE_MSG.limit).min(1, QUEUE_MSG.limit).max(100, QUEUE_MSG.limit).default(25),
  /** 'Meus casos' (eu) or the cases nobody took (ninguem); ADR 086. */
  responsavel: z.enum(['eu', 'ninguem'], { error: 'Escolha um filtro de responsável da lista.' }).optional(),
});
export type QueueQuery = z.infer<typeof QueueQuery>;

/** An empty form field is no filter. */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** The console's filter form: the same fields as typed (text), validated before any request. */
export const QueueFilterForm = z.object({
  busca: z.preprocess(blank, field.busca.optional()),
  motivo: z.preprocess(blank, field.motivo.optional()),
  status: field.status,
  fase: z.preprocess(blank, field.fase.optional()),
  idadeMinDias: z.preprocess(blank, field.idadeMinDias.optional()),
  responsavel: z.preprocess(blank, z.enum(['eu', 'ninguem'], { error: 'Escolha um filtro de responsável da lista.' }).optional()),
});
export type QueueFilterFormInput = z.input<typeof QueueFilterForm>;
export type QueueFilters = z.output<typeof QueueFilterForm>;

/** New cases in the queue since an instant (the live queue's poll, issue 30 item 13). */
export const NewCasesQuery = z.object({ desde: z.iso.datetime({ offset: true, error: QUEUE_MSG.since }) });
export const NewCasesDto = z.object({ novos: z.number().int() });
export type NewCasesDto = z.infer<typeof NewCasesDto>;

/** A case as staff see it: the customer's case fields (without the customer's unread marker) and its contract. */
const StaffCaseBase = CaseDto.omit({ naoLido: true }).extend({ nCtrId: z.number().int() });

export const CaseSlaDto = z.object({
  prazo: z.string().describe('the due instant: opening + the Reason’s target'),
  idadeMinutos: z.number().int(),
  restanteMinutos: z.number().int().nullable().describe('negative when breached; null for a closed case'),
  estourado: z.boolean(),
});

export const QueueItemDto = StaffCaseBase.extend({
  documento: z.string().describe('masked'),
  /** Who works the case (ADR 086), or nobody. */
  responsavel: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  sla: CaseSlaDto,
});
export type QueueItemDto = z.infer<typeof QueueItemDto>;

export const QueuePageDto = z.object({
  itens: z.array(QueueItemDto),
  proximo: z.string().nullable(),
  /** The server's instant the page was read at (the SLA figures' now; the live queue counts new cases after it). */
  agora: z.string(),
});
export type QueuePageDto = z.infer<typeof QueuePageDto>;

export const QueueCountsDto = z.object({
  filas: z.array(z.object({ motivo: z.string(), abertos: z.number().int() })),
});
export type QueueCountsDto = z.infer<typeof QueueCountsDto>;

/** Each Reason's SLA target (admin's section, issue 30 item 11). */
export const SlaTargetsDto = z.object({
  prazos: z.array(z.object({ motivo: z.string(), horas: z.number().int(), alteradoEm: z.string().nullable() })),
});
export type SlaTargetsDto = z.infer<typeof SlaTargetsDto>;
export const SLA_MSG = {
  hours: `Informe o prazo em horas: um número inteiro de ${SLA_MIN_HOURS} a ${SLA_MAX_HOURS}.`,
  unknownReason: 'Motivo de caso desconhecido.',
  chooseReason: 'Escolha o motivo.',
  saved: (motivo: string, prazo: string) => `Prazo de ${motivo} alterado para ${prazo}.`,
} as const;
export const SlaTargetBody = z.object({
  horas: z.coerce.number({ error: SLA_MSG.hours }).int(SLA_MSG.hours).min(SLA_MIN_HOURS, SLA_MSG.hours).max(SLA_MAX_HOURS, SLA_MSG.hours),
});
/** Admin's form: which Reason, how many hours. */
export const SlaTargetForm = SlaTargetBody.extend({ motivo: z.enum(CASE_REASONS, { error: SLA_MSG.chooseReason }) });
export type SlaTargetFormInput = z.input<typeof SlaTargetForm>;

const CommentOut = z.object({ texto: z.string(), autor: z.enum(['customer', 'staff', 'system']), CreatedDate: z.string() });
const NoteOut = z.object({ texto: z.string(), autor: z.string(), CreatedDate: z.string() });

export const StaffClaimPhotoDto = z.object({
  tipo: z.string(),
  titulo: z.string(),
  obrigatorio: z.boolean(),
  enviada: z.boolean(),
  contentType: z.string().nullable(),
  Aprovacao: z.boolean().nullable(),
  TextoReprovacao: z.string().nullable(),
  enviadaEm: z.string().nullable(),
  /** The server's photo-quality measures (ADR 090); null for a PDF, a type not sent, or a file from before them. */
  qualidade: PhotoQualityDto.nullable(),
});
export type StaffClaimPhotoDto = z.infer<typeof StaffClaimPhotoDto>;

export const StaffCaseDto = z.object({
  caso: StaffCaseBase.extend({ Description: z.string(), tipoSolicitacao: z.string() }),
  cliente: z.object({ nome: z.string(), documento: z.string().describe('masked') }),
  /** Every field of the request as the customer sent it (the payload's own names). */
  solicitacao: z.record(z.string(), z.unknown()),
  anexos: z.array(CaseAttachmentDto),
  historico: z.array(CaseEventDto),
  comentarios: z.array(CommentOut),
  notasInternas: z.array(NoteOut),
  proximasFases: z.array(z.string()),
  /** Claims only: the evidence per type and the total-loss flag. */
  sinistro: z
    .object({
      Qualificado_como_PT__c: z.boolean(),
      fotos: z.array(StaffClaimPhotoDto),
      tipos: z.array(ClaimPhotoTypeDto),
    })
    .nullable(),
  /** Registration, due-date, plan and vehicle changes: approve/reject while open. */
  podeDecidir: z.boolean(),
  /** Those requests: the contract's current values beside the ones approving writes. */
  proposta: DecisionPreviewDto.nullable(),
  /** A closed case this desk works: it may be reopened with a reason (issue 30 item 7). */
  podeReabrir: z.boolean(),
});
export type StaffCaseDto = z.infer<typeof StaffCaseDto>;

export const PhaseMoveBody = z.object({
  fase: z
    .string({ error: 'Escolha a nova fase.' })
    .max(60)
    .refine((v) => !hasControlChars(v), BOUNDS_MSG.controlChars)
    .trim()
    .min(1, 'Escolha a nova fase.'),
});
export const StaffCommentBody = z.object({
  texto: staffTextSchema(STAFF_MSG.commentRequired),
  /** true: a staff-only note the customer never sees. */
  interno: z.boolean().default(false),
});
export const PhotoReviewBody = z
  .object({ aprovacao: z.boolean(), textoReprovacao: staffTextSchema(STAFF_MSG.reasonRequired, 500).optional() })
  .refine((b) => b.aprovacao || (b.textoReprovacao ?? '').trim().length > 0, {
    message: STAFF_MSG.reasonRequired,
    path: ['textoReprovacao'],
  });
export const TotalLossBody = z.object({ qualificado: z.boolean() });
export const RejectBody = z.object({
  motivo: staffTextSchema(STAFF_MSG.reasonRequired, 1000).refine((v) => v.trim().length > 0, STAFF_MSG.reasonRequired),
});

/** What the customer reads in the case's comments when staff decides a request. */
export const DECISION_MSG = {
  approved: 'Sua solicitação foi aprovada e seus dados foram atualizados.',
  rejected: (motivo: string) => `Sua solicitação foi reprovada. Motivo: ${motivo}`,
} as const;

/** Every approval's comment (registration, due date, plan, vehicle: APPROVAL_MSG) begins with this. */
export const APPROVED_PREFIX = 'Sua solicitação foi aprovada';
/** The comment staff's decision writes (the notifications read the decision from it, ADR 056). */
export const isDecisionComment = (text: string): 'aprovado' | 'reprovado' | null =>
  text.startsWith(APPROVED_PREFIX) ? 'aprovado' : text.startsWith(DECISION_MSG.rejected('')) ? 'reprovado' : null;
