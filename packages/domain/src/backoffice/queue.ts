import { z } from 'zod';
import { CaseAttachmentDto, CaseDto, CaseEventDto } from '../cases/dto';
import { ClaimPhotoTypeDto } from '../claims/dto';
import { documentSchema } from '../schemas';
import { BOUNDS_MSG, hasControlChars, safeText } from '../bounds';
import { formatDocument, normalizeDocument } from '../document';
import { STAFF_MSG, staffTextSchema } from './staff';
import { DecisionPreviewDto } from './approvals';

/** A customer document as staff lists see it: enough to match a caller, not the whole number ('529.***.***-25'). */
export function maskDocument(document: string): string {
  const d = normalizeDocument(document);
  const f = formatDocument(d);
  if (d.length === 11) return `${f.slice(0, 4)}***.***${f.slice(11)}`;
  if (d.length === 14) return `${f.slice(0, 3)}***.***/****${f.slice(15)}`;
  return '*'.repeat(Math.max(0, d.length - 2)) + d.slice(-2);
}

/** Queue filters (issue 13 §2); paging is keyset on (created, id), oldest first. */
export const QueueQuery = z.object({
  // safeText: a NUL or a lone surrogate in a filter reached the query as a 500 (issue 23 item 7).
  motivo: safeText(60).trim().optional(),
  status: z.enum(['New', 'Closed']).default('New'),
  fase: safeText(60).trim().optional(),
  /** Only cases at least this many days old. */
  idadeMinDias: z.coerce.number().int().min(0).max(3650).optional(),
  contrato: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** The customer's full CPF/CNPJ (answers show it masked). */
  documento: documentSchema.optional(),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  limite: z.coerce.number().int().min(1).max(100).default(25),
  /** 'Meus casos' (eu) or the cases nobody took (ninguem); ADR 086. */
  responsavel: z.enum(['eu', 'ninguem'], { error: 'Escolha um filtro de responsável da lista.' }).optional(),
});
export type QueueQuery = z.infer<typeof QueueQuery>;

/** A case as staff see it: the customer's case fields (without the customer's unread marker) and its contract. */
const StaffCaseBase = CaseDto.omit({ naoLido: true }).extend({ nCtrId: z.number().int() });

export const QueueItemDto = StaffCaseBase.extend({
  documento: z.string().describe('masked'),
  /** Who works the case (ADR 086), or nobody. */
  responsavel: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
});
export type QueueItemDto = z.infer<typeof QueueItemDto>;

export const QueuePageDto = z.object({ itens: z.array(QueueItemDto), proximo: z.string().nullable() });
export type QueuePageDto = z.infer<typeof QueuePageDto>;

export const QueueCountsDto = z.object({
  filas: z.array(z.object({ motivo: z.string(), abertos: z.number().int() })),
});
export type QueueCountsDto = z.infer<typeof QueueCountsDto>;

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
