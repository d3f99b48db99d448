import { z } from 'zod';
import { PHOTO_STATUSES } from './evidence';
import { safeText } from '../bounds';
import { CLAIM_PHASES } from './timeline';
import { STAFF_MSG } from '../backoffice/staff';

/** Shapes of the claims API (issue 11): one definition for the BFF's response schemas and the web's types. */

export const ClaimCoverageDto = z.object({ collision: z.boolean(), glass: z.boolean() }).meta({ id: 'ClaimCoverage' });

export const PhotoStatusDto = z
  .object({
    Status: z.enum(PHOTO_STATUSES),
    /** Date of the last upload, 'YYYYMMDD' (002 §3), or null before any. */
    AnoMesDia: z.string().nullable(),
  })
  .meta({ id: 'PhotoStatus' });
export type PhotoStatusDto = z.infer<typeof PhotoStatusDto>;

export const ClaimSummaryDto = z
  .object({
    Id: z.string(),
    CaseNumber: z.string(),
    Status: z.enum(['New', 'Closed']),
    Reason: z.enum(['Colisão', 'Vidros']),
    /** The reason chosen on the form (Colisão, Vidros, Danos da natureza, Incêndio). */
    motivo: z.string(),
    Fase__c: z.string(),
    Qualificado_como_PT__c: z.boolean(),
    CreatedDate: z.string(),
    nCtrId: z.number().int(),
    placa: z.string().nullable(),
    statusFotos: PhotoStatusDto,
    /** Where the claim screen goes for this case (002 §4.4). */
    rota: z.enum(['upload', 'view']),
  })
  .meta({ id: 'ClaimSummary' });
export type ClaimSummaryDto = z.infer<typeof ClaimSummaryDto>;

export const ClaimEntryDto = z
  .object({
    nCtrId: z.number().int(),
    cobertura: ClaimCoverageDto,
    motivos: z.array(z.string()),
    /** The contract's open claim (Status New, Colisão or Vidros), if any. */
    casoAberto: ClaimSummaryDto.nullable(),
  })
  .meta({ id: 'ClaimEntry' });
export type ClaimEntryDto = z.infer<typeof ClaimEntryDto>;

export const ClaimListDto = z.object({ sinistros: z.array(ClaimSummaryDto) }).meta({ id: 'ClaimList' });
export type ClaimListDto = z.infer<typeof ClaimListDto>;

export const ClaimCreatedDto = z.object({
  Id: z.string(),
  CaseNumber: z.string(),
  Reason: z.enum(['Colisão', 'Vidros']),
  Status: z.enum(['New', 'Closed']),
  Fase__c: z.string(),
  CreatedDate: z.string(),
});
export type ClaimCreatedDto = z.infer<typeof ClaimCreatedDto>;

export const ClaimPhotoTypeDto = z
  .object({
    Id: z.string(),
    Titulo: z.string(),
    Obrigatorio: z.boolean(),
    instrucoes: z.string(),
  })
  .meta({ id: 'ClaimPhotoType' });
export type ClaimPhotoTypeDto = z.infer<typeof ClaimPhotoTypeDto>;

export const ClaimPhotoDto = z
  .object({
    TipoFoto: z.object({ Id: z.string(), Titulo: z.string() }),
    Foto: z.object({ Aprovacao: z.boolean().nullable(), TextoReprovacao: z.string().nullable(), Tipo: z.enum(['jpg', 'pdf']) }),
    enviadaEm: z.string(),
  })
  .meta({ id: 'ClaimPhoto' });
export type ClaimPhotoDto = z.infer<typeof ClaimPhotoDto>;

/** The case as the tracking screen reads it (002 §3 Case from server, plus the payload's own fields). */
export const ClaimCaseDto = z
  .object({
    Id: z.string(),
    CaseNumber: z.string(),
    Status: z.enum(['New', 'Closed']),
    Reason: z.enum(['Colisão', 'Vidros']),
    'Sub-Reason': z.string(),
    Fase__c: z.string(),
    Qualificado_como_PT__c: z.boolean(),
    CreatedDate: z.string(),
    ChaveNaturalContrato__c: z.string(),
    Descricao_do_ocorrido__c: z.string(),
    QualLocalSinistro__c: z.string(),
    Ponto_de_referencia__c: z.string(),
    Data_Hora_da_ocorrencia__c: z.string(),
    Condutor__c: z.string(),
    CPF_do_condutor__c: z.string(),
    Contato_do_condutor__c: z.string(),
    Veiculo_esta_se_locomovendo__c: z.string(),
    Boletim_realizado__c: z.string(),
    Envolvimento_com_terceiros__c: z.string(),
    Abrir_caso_de_sinistro_para__c: z.string(),
    Contato_do_terceiro__c: z.string(),
    Observacoes__c: z.string(),
    AceiteTermosCondicoes__c: z.boolean(),
    declaracaoAceitaEm: z.string().nullable(),
  })
  .meta({ id: 'ClaimCase' });
export type ClaimCaseDto = z.infer<typeof ClaimCaseDto>;

export const ClaimViewDto = z
  .object({
    caso: ClaimCaseDto,
    comentarios: z.array(z.object({ CommentBody: z.string(), CreatedDate: z.string() })),
    /** Phase history (creation as 'Aberto' first), for the step dates. */
    historico: z.array(z.object({ phase: z.string(), at: z.string() })),
    tipos: z.array(ClaimPhotoTypeDto),
    fotos: z.array(ClaimPhotoDto),
    statusFotos: PhotoStatusDto,
  })
  .meta({ id: 'ClaimView' });
export type ClaimViewDto = z.infer<typeof ClaimViewDto>;

export const PhotoUploadedDto = z.object({
  TipoFoto: z.object({ Id: z.string() }),
  Tipo: z.enum(['jpg', 'pdf']),
  /** true when this upload replaced an earlier file of the same type. */
  substituida: z.boolean(),
  statusFotos: PhotoStatusDto,
  /** The next required type still missing, or null when all are in. */
  proximo: z.string().nullable(),
});
export type PhotoUploadedDto = z.infer<typeof PhotoUploadedDto>;

/**
 * Demo-only staff actions (issue 11 §5). They skip the state machine's moves on purpose (they play any CRM), but the
 * phase must be one of a claim's phases: any other text reached the customer's e-mail and left the claim where the
 * console offers no move (issue 23 item 8).
 */
export const ClaimDemoPhaseInput = z.object({
  fase: z.enum(CLAIM_PHASES, { error: STAFF_MSG.unknownClaimPhase }),
  qualificadoComoPT: z.boolean().optional(),
  encerrar: z.boolean().optional(),
});
export const ClaimDemoCommentInput = z.object({ texto: safeText(2000, { multiline: true }).trim().min(1) });
export const ClaimDemoReviewInput = z.object({
  aprovacao: z.boolean(),
  textoReprovacao: safeText(500, { multiline: true }).trim().optional(),
});
