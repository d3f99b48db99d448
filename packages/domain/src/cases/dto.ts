import { z } from 'zod';

/** Shapes of the cases API (issue 9): one definition for the BFF's response schemas and the web app's types. */

export const CaseDto = z
  .object({
    Id: z.string(),
    CaseNumber: z.string(),
    Reason: z.string(),
    Subject: z.string(),
    Status: z.enum(['New', 'Closed']),
    Fase__c: z.string(),
    CreatedDate: z.string(),
    /** A staff comment or a phase/status change the owner has not seen yet. */
    naoLido: z.boolean(),
  })
  .meta({ id: 'Case' });
export type CaseDto = z.infer<typeof CaseDto>;

export const CaseListDto = z.object({ casos: z.array(CaseDto) });
export type CaseListDto = z.infer<typeof CaseListDto>;

export const CaseCommentDto = z
  .object({
    CommentBody: z.string(),
    CreatedDate: z.string(),
    autor: z.enum(['customer', 'staff', 'system']),
  })
  .meta({ id: 'CaseComment' });
export type CaseCommentDto = z.infer<typeof CaseCommentDto>;

export const CaseCommentsDto = z.object({ comentarios: z.array(CaseCommentDto) });
export type CaseCommentsDto = z.infer<typeof CaseCommentsDto>;

export const CaseEventDto = z
  .object({
    tipo: z.enum(['created', 'status', 'phase', 'comment', 'attachment', 'decision']),
    de: z.string().nullable(),
    para: z.string().nullable(),
    autor: z.enum(['customer', 'staff', 'system']),
    CreatedDate: z.string(),
  })
  .meta({ id: 'CaseEvent' });
export type CaseEventDto = z.infer<typeof CaseEventDto>;

/** The server's photo-quality measures of an image (ADR 090): shown to staff beside the photo. */
export const PhotoQualityDto = z
  .object({
    nitidez: z.number().int().describe('laplacianSharpness at 512 px'),
    brilho: z.number().describe('mean luminance, 0–1'),
    largura: z.number().int(),
    altura: z.number().int(),
  })
  .meta({ id: 'PhotoQuality' });
export type PhotoQualityDto = z.infer<typeof PhotoQualityDto>;

export const CaseAttachmentDto = z
  .object({
    Id: z.string(),
    tipoDocumento: z.string(),
    contentType: z.string(),
    tamanho: z.number().int(),
    CreatedDate: z.string(),
    /** Who sent it: the customer (with the request) or staff (with a comment, issue 30 item 16). */
    enviadoPor: z.enum(['customer', 'staff', 'system']),
    /** A spare-car photo's quality measures (ADR 090); absent where the case system keeps none. */
    qualidade: PhotoQualityDto.nullable().optional(),
  })
  .meta({ id: 'CaseAttachment' });
export type CaseAttachmentDto = z.infer<typeof CaseAttachmentDto>;

export const CaseDetailDto = CaseDto.extend({
  Description: z.string(),
  nCtrId: z.number().int(),
  eventos: z.array(CaseEventDto),
  comentarios: z.array(CaseCommentDto),
  anexos: z.array(CaseAttachmentDto),
}).meta({ id: 'CaseDetail' });
export type CaseDetailDto = z.infer<typeof CaseDetailDto>;

export const CaseCreatedDto = CaseDto.omit({ naoLido: true }).extend({ anexos: z.number().int() }).meta({ id: 'CaseCreated' });
export type CaseCreatedDto = z.infer<typeof CaseCreatedDto>;
