import { z } from 'zod';
import { REQUEST_TYPE_INFO, type CaseReason, type RequestType } from './cases';
import { hasControlChars } from '../bounds';
import { isCompleteCep, isMobilePhone, maskCep, onlyDigits, SIMPLE_EMAIL } from './inputs';
import { contactPhoneSchema } from './contact-phone';
export { contactPhoneSchema };
import {
  needsOccurrenceReport,
  SPARE_CAR_PHOTOS,
  spareCarOrder,
  spareCarRequestSchema,
  vehicleChangeRequestSchema,
} from '../support-requests/vehicle-requests';
import { normalizeChassis, normalizePlate } from '../support-requests/vehicle';
import { SUPPORT_MSG } from './messages';

/**
 * Schemas of the simple support requests (001 §5), carrying the spec's pt-BR messages. The web form and
 * the BFF validate with the same ones. Free text is bounded and refuses control characters.
 */

const CONTROL = 'Caracteres inválidos.';
/**
 * Free text (`multiline`: descriptions typed in a text area) may hold line breaks and tabs; every other field is one
 * line and refuses every control character. NUL never passes (issue 7, ADR 011).
 */
type Lines = { multiline?: boolean };
const clean =
  ({ multiline = false }: Lines = {}) =>
  (v: string) =>
    !hasControlChars(v, { multiline });
const text = (max: number, required: string, lines: Lines = {}) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Use no máximo ${max} caracteres.`).refine(clean(lines), CONTROL);
const optionalText = (max: number, lines: Lines = {}) =>
  z.string().trim().max(max, `Use no máximo ${max} caracteres.`).refine(clean(lines), CONTROL).optional();
const MULTILINE = { multiline: true } as const;

export const TRACKER_CASES = ['Defeito', 'Perda', 'Furto ou Roubo'] as const;
export const REGISTRATION_CHANGES = [
  'Endereço',
  'Telefone',
  'E-mail',
  'Utilização do veículo',
  'Alteração de documentos',
  'Outros',
] as const;
export type RegistrationChange = (typeof REGISTRATION_CHANGES)[number];
export const VEHICLE_USES = ['Fins Comerciais', 'Veículo de Passeio'] as const;
export const DOCUMENT_TYPES = ['CNH', 'CRLV'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Contestation types (the auxiliary-documents list); 'ocorrido' when none is chosen (001 §7 call 9). */
export const CONTESTATION_TYPES = [
  { Id: 'cobranca-indevida', Titulo: 'Cobrança indevida' },
  { Id: 'valor-divergente', Titulo: 'Valor diferente do contratado' },
  { Id: 'cobranca-duplicada', Titulo: 'Cobrança em duplicidade' },
  { Id: 'fatura-paga', Titulo: 'Fatura já paga' },
] as const;
export const CONTESTATION_FALLBACK_TYPE = 'ocorrido';

export const cancellationRequestSchema = z.object({
  tipo: z.literal('cancelamento'),
  telefone: contactPhoneSchema,
  motivo: text(200, SUPPORT_MSG.cancelReason),
  detalhe: text(2000, SUPPORT_MSG.cancelDetail, MULTILINE),
});

export const trackerRequestSchema = z.object({
  tipo: z.literal('rastreador'),
  telefone: contactPhoneSchema,
  caso: z.enum(TRACKER_CASES, { error: SUPPORT_MSG.selectCase }),
  descricao: text(2000, SUPPORT_MSG.explainBetter, MULTILINE),
});

export const contestationRequestSchema = z.object({
  tipo: z.literal('contestacao'),
  telefone: contactPhoneSchema,
  descricao: text(2000, SUPPORT_MSG.insertReason, MULTILINE),
  tipoContestacao: z
    .string()
    .regex(/^[a-z-]{1,40}$/)
    .optional(),
});

export const ombudsmanRequestSchema = z.object({
  tipo: z.literal('ouvidoria'),
  telefone: contactPhoneSchema,
  descricao: text(4000, SUPPORT_MSG.insertReason, MULTILINE),
});

export const addressChangeSchema = z.object({
  cep: z
    .string({ error: SUPPORT_MSG.invalidCep })
    .max(9, SUPPORT_MSG.invalidCep)
    .refine(clean(), SUPPORT_MSG.invalidCep)
    .refine(isCompleteCep, SUPPORT_MSG.invalidCep)
    .transform(maskCep),
  estado: text(2, SUPPORT_MSG.insertState).pipe(z.string().regex(/^[A-Za-z]{2}$/, SUPPORT_MSG.insertState)),
  cidade: text(80, SUPPORT_MSG.insertCity),
  bairro: text(80, SUPPORT_MSG.insertNeighborhood),
  rua: text(120, SUPPORT_MSG.insertStreet),
  numero: text(10, SUPPORT_MSG.insertNumber),
  complemento: optionalText(60),
  codigoIbge: z
    .string()
    .regex(/^\d{7}$/)
    .optional(),
});
export type AddressChange = z.infer<typeof addressChangeSchema>;

/**
 * Registration change (001 §2, §5): one or two choices ('Alterar mais dados'; none after a document change)
 * and the fields each choice needs. Documents (CNH/CRLV) travel as files with the request.
 */
export const registrationChangeRequestSchema = z
  .object({
    tipo: z.literal('dados-cadastrais'),
    telefone: contactPhoneSchema,
    alteracoes: z
      .array(z.enum(REGISTRATION_CHANGES, { error: SUPPORT_MSG.selectOption }), { error: SUPPORT_MSG.selectOption })
      .min(1, SUPPORT_MSG.selectOption)
      .max(2),
    endereco: addressChangeSchema.optional(),
    novoTelefone: z.string().max(20).refine(clean(), SUPPORT_MSG.insertNumber).optional(),
    novoEmail: z.string().trim().max(120).refine(clean(), SUPPORT_MSG.insertEmail).optional(),
    utilizacao: z.enum(VEHICLE_USES, { error: SUPPORT_MSG.selectOption }).optional(),
    documento: z.enum(DOCUMENT_TYPES, { error: SUPPORT_MSG.invalidDocumentType }).optional(),
    outros: optionalText(2000, MULTILINE),
  })
  .superRefine((v, ctx) => {
    const has = (c: RegistrationChange) => v.alteracoes.includes(c);
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (new Set(v.alteracoes).size !== v.alteracoes.length) issue('alteracoes', SUPPORT_MSG.selectOption);
    if (v.alteracoes.length > 1 && v.alteracoes[0] === 'Alteração de documentos') issue('alteracoes', SUPPORT_MSG.selectOption);
    if (has('Endereço') && !v.endereco) issue('endereco', SUPPORT_MSG.invalidCep);
    if (has('Telefone') && !isMobilePhone(v.novoTelefone ?? '')) issue('novoTelefone', SUPPORT_MSG.insertNumber);
    if (has('E-mail') && !SIMPLE_EMAIL.test(v.novoEmail ?? '')) issue('novoEmail', SUPPORT_MSG.insertEmail);
    if (has('Utilização do veículo') && !v.utilizacao) issue('utilizacao', SUPPORT_MSG.selectOption);
    if (has('Alteração de documentos') && !v.documento) issue('documento', SUPPORT_MSG.invalidDocumentType);
    if (has('Outros') && !v.outros) issue('outros', SUPPORT_MSG.insertReason);
  });

/** Every request this issue builds, discriminated by `tipo`. */
export const supportRequestSchema = z.discriminatedUnion(
  'tipo',
  [
    cancellationRequestSchema,
    trackerRequestSchema,
    contestationRequestSchema,
    ombudsmanRequestSchema,
    registrationChangeRequestSchema,
    vehicleChangeRequestSchema,
    spareCarRequestSchema,
  ],
  { error: SUPPORT_MSG.selectArea },
);
export type SupportRequest = z.infer<typeof supportRequestSchema>;
export type SupportRequestInput = z.input<typeof supportRequestSchema>;
export type BuiltRequestType = SupportRequest['tipo'];

// ── Attachments ──────────────────────────────────────────────────────────────────────────────
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_FILES_PER_REQUEST = 5;

export type UploadMime = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';

export interface AttachmentRule {
  /** Detected (magic-byte) types accepted. */
  accept: readonly UploadMime[];
  /** The message when a file of another type arrives. */
  wrongTypeMessage: string;
  min: number;
  max: number;
  /** JPEG quality when the client recompresses images (0.7; 0.8 for registration documents). */
  clientJpegQuality: number;
}

/** Allowed files per request type (001 §2, §5): contestation and ombudsman pdf/jpg; documents png/jpg/jpeg/pdf. */
export function attachmentRule(tipo: BuiltRequestType): AttachmentRule | null {
  switch (tipo) {
    case 'contestacao':
      return { accept: ['application/pdf', 'image/jpeg'], wrongTypeMessage: SUPPORT_MSG.pdfOrJpg, min: 1, max: 1, clientJpegQuality: 0.7 };
    case 'ouvidoria':
      return { accept: ['application/pdf', 'image/jpeg'], wrongTypeMessage: SUPPORT_MSG.pdfOrJpg, min: 0, max: 1, clientJpegQuality: 0.7 };
    case 'dados-cadastrais':
      return {
        accept: ['application/pdf', 'image/jpeg', 'image/png'],
        wrongTypeMessage: SUPPORT_MSG.invalidFormat,
        min: 0,
        max: MAX_FILES_PER_REQUEST,
        clientJpegQuality: 0.8,
      };
    case 'carro-reserva':
      // Either one occurrence report or two vehicle photos: attachmentRuleFor narrows it by MOTIVO.
      return {
        accept: ['application/pdf', 'image/jpeg', 'image/png'],
        wrongTypeMessage: SUPPORT_MSG.invalidFormat,
        min: 1,
        max: SPARE_CAR_PHOTOS,
        clientJpegQuality: 0.7,
      };
    default:
      return null;
  }
}

/**
 * The rule for one request: a spare car for theft or robbery takes the occurrence report, a PDF only, refused with
 * 'Apenas arquivos PDF são permitidos para o Boletim de Ocorrência.' (001 §2 upload step and §5 uploads; §5's spare-car
 * line says jpeg, png, pdf — ADR 061 records the choice); for fire or collision exactly two vehicle photos (jpg, jpeg, png).
 */
export function attachmentRuleFor(req: SupportRequest): AttachmentRule | null {
  const rule = attachmentRule(req.tipo);
  if (req.tipo !== 'carro-reserva' || !rule) return rule;
  return needsOccurrenceReport(req.motivo)
    ? { ...rule, accept: ['application/pdf'], wrongTypeMessage: SUPPORT_MSG.pdfOnlyReport, min: 1, max: 1 }
    : { ...rule, accept: ['image/jpeg', 'image/png'], min: SPARE_CAR_PHOTOS, max: SPARE_CAR_PHOTOS };
}

/** Registration change with a document choice needs at least one CNH/CRLV file. */
export function requiredFiles(req: SupportRequest): number {
  if (req.tipo === 'dados-cadastrais') return req.alteracoes.includes('Alteração de documentos') ? 1 : 0;
  return attachmentRuleFor(req)?.min ?? 0;
}

/** The attachment's document type as stored (and as the CRM's upload paths name it). */
export function attachmentDocumentType(req: SupportRequest): string {
  switch (req.tipo) {
    case 'contestacao':
      return req.tipoContestacao ?? CONTESTATION_FALLBACK_TYPE;
    case 'ouvidoria':
      return 'ouvidoria';
    case 'dados-cadastrais':
      return req.documento === 'CRLV' ? 'clrv' : 'rg-cnh-frente';
    case 'carro-reserva':
      return needsOccurrenceReport(req.motivo) ? 'boletim-ocorrencia' : 'foto-veiculo';
    default:
      return 'anexo';
  }
}

// ── The case payload (001 §3) ────────────────────────────────────────────────────────────────
export interface CasePayload {
  Solicitante__c: 'Cliente';
  Reason: CaseReason;
  Subject: string;
  ChaveNaturalContrato__c: string;
  Description: string;
  AceiteTermosCondicoes__c: true;
  Origin: 'Web';
  /** Our addition: the contact phone the customer typed (digits). */
  TelefoneContato__c: string;
  Qual_o_motivo_da_solicitacao__c?: string;
  /** Plan change: the accepted quotation (issue 12). */
  idCotacao?: string;
  /** Due-date change (issue 12). */
  DiaVencimento__c?: number;
  CobrarValorProRata__c?: 'Sim' | 'Não';
  JSON_Retorno_Soon__c?: string;
  /** Vehicle change: the new plate ('Não emplacado' + chassis when unplated) */
  QualNumeroPlaca__c?: string;
  /** Vehicle change: the server's quotation (VehicleQuotation as JSON), set by the vehicles module */
  Cotacao__c?: string;
  /** Spare car: the transport asked for (and where) */
  PedidoDoCliente__c?: string;
  /** Spare car: MOTIVO */
  Motivo_Adyen__c?: string;
}

/** The registration change payload kept in JSON_Retorno_Soon__c (001 §3). */
export interface RegistrationPayload {
  cep: string;
  estado: string;
  cidade: string;
  bairro: string;
  rua: string;
  numero: string;
  complemento: string;
  telefone: string;
  email: string;
  finsComerciais: 'Sim' | 'Não' | '';
  codigoIbge: string;
  outros: string;
  description: string;
}

export function registrationPayload(req: z.infer<typeof registrationChangeRequestSchema>): RegistrationPayload {
  const has = (c: RegistrationChange) => req.alteracoes.includes(c);
  const a = has('Endereço') ? req.endereco : undefined;
  return {
    cep: a?.cep ?? '',
    estado: a?.estado.toUpperCase() ?? '',
    cidade: a?.cidade ?? '',
    bairro: a?.bairro ?? '',
    rua: a?.rua ?? '',
    numero: a?.numero ?? '',
    complemento: a?.complemento ?? '',
    telefone: has('Telefone') ? onlyDigits(req.novoTelefone ?? '') : '',
    email: has('E-mail') ? (req.novoEmail ?? '') : '',
    finsComerciais: has('Utilização do veículo') ? (req.utilizacao === 'Fins Comerciais' ? 'Sim' : 'Não') : '',
    codigoIbge: a?.codigoIbge ?? '',
    outros: has('Outros') ? (req.outros ?? '') : '',
    description: registrationDescription(req),
  };
}

function registrationDescription(req: z.infer<typeof registrationChangeRequestSchema>): string {
  const parts = req.alteracoes.map((c) =>
    c === 'Alteração de documentos' && req.documento ? `Alteração de documentos (${req.documento})` : c,
  );
  return `Alteração de dados cadastrais: ${parts.join(', ')}.`;
}

/** The common fields of every case (001 §3): requester Cliente, origin Web, terms accepted, the type's Reason/Subject. */
export function casePayloadBase(tipo: RequestType, nCtrId: number, telefone: string) {
  const info = REQUEST_TYPE_INFO[tipo];
  return {
    Solicitante__c: 'Cliente' as const,
    Reason: info.reason,
    Subject: info.subject,
    ChaveNaturalContrato__c: String(nCtrId),
    AceiteTermosCondicoes__c: true as const,
    Origin: 'Web' as const,
    TelefoneContato__c: telefone,
  };
}

/** Maps a validated request to the CRM case payload of 001 §3 (common fields + the reason's own). */
export function buildCasePayload(req: SupportRequest, nCtrId: number): CasePayload {
  const base = casePayloadBase(req.tipo, nCtrId, req.telefone);
  switch (req.tipo) {
    case 'cancelamento':
      return { ...base, Description: req.detalhe, Qual_o_motivo_da_solicitacao__c: req.motivo };
    case 'rastreador':
      return { ...base, Description: req.descricao, Qual_o_motivo_da_solicitacao__c: req.caso };
    case 'contestacao':
      return { ...base, Description: req.descricao, Qual_o_motivo_da_solicitacao__c: req.tipoContestacao ?? CONTESTATION_FALLBACK_TYPE };
    case 'ouvidoria':
      return { ...base, Description: req.descricao };
    case 'dados-cadastrais': {
      const payload = registrationPayload(req);
      return { ...base, Description: payload.description, JSON_Retorno_Soon__c: JSON.stringify(payload) };
    }
    case 'troca-veiculo': {
      const which = req.naoEmplacado ? `Não emplacado, chassi ${normalizeChassis(req.chassi ?? '')}` : normalizePlate(req.placa ?? '');
      return { ...base, Description: `${req.caso}: ${which}.`, QualNumeroPlaca__c: which };
    }
    case 'carro-reserva': {
      const order = spareCarOrder(req);
      return { ...base, Description: `Carro reserva (${req.motivo}): ${order}`, PedidoDoCliente__c: order, Motivo_Adyen__c: req.motivo };
    }
  }
}
