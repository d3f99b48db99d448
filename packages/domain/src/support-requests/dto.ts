/**
 * Wire shapes of the plan change and the due-date change (issue 12 §1–§3): the API validates and documents
 * them, the web reads them. Money is cents; field names follow the spec where it names them (001 §3).
 */
import { z } from 'zod';
import { contactPhoneSchema } from '../cases/schemas';
import { DUE_DATE_MSG, PLAN_CHANGE_MSG } from './messages';
import { DUE_DAY_MAX, DUE_DAY_MIN } from './pro-rata';

export const PaymentTypeSchema = z.enum(['M', 'A']);

const cents = z.number().int();

/** A towing km option with its price for this vehicle (categoriaSubItem + km). */
export const TowingOptionDto = z
  .object({
    codigoItem: z.string(),
    descricao: z.string(),
    km: z.number().int(),
    preco: cents,
    idLinha: z.number().int(),
    dataVinculo: z.string(),
    itemPadrao: z.boolean(),
  })
  .meta({ id: 'TowingOption' });
export type TowingOptionDto = z.infer<typeof TowingOptionDto>;

/** An offered item of the target plan, priced for this vehicle; `adquirido` when the contract has it now. */
export const PlanChangeItemDto = z
  .object({
    codigoItem: z.string(),
    descricao: z.string(),
    preco: cents,
    obrigatorio: z.boolean(),
    adquirido: z.boolean(),
    /** towing (SRV_REBOQ) only: the km options, and the km the contract has now */
    opcoesKm: z.array(TowingOptionDto).optional(),
    kmAdquirido: z.number().int().nullable().optional(),
  })
  .meta({ id: 'PlanChangeItem' });
export type PlanChangeItemDto = z.infer<typeof PlanChangeItemDto>;

export const PlanChangeContactDto = z
  .object({ nome: z.string(), telefone: z.string(), whatsapp: z.string(), executive: z.boolean() })
  .meta({ id: 'PlanChangeContact' });

/** GET plan change: the data of the screen, or the COBRE answer (no online change; the executive's contact). */
export const PlanChangeDto = z.discriminatedUnion('situacao', [
  z.object({
    situacao: z.literal('disponivel'),
    nCtrId: z.number().int(),
    idPlan: z.string(),
    idPlano: z.string(),
    estado: z.string(),
    nomeEstado: z.string(),
    tipoPagamento: PaymentTypeSchema,
    podeAlternarAnual: z.boolean(),
    isRecupPlan: z.boolean(),
    fipe: z.string(),
    veiculo: z.object({ modelo: z.string().nullable(), placa: z.string().nullable() }),
    /** the basic included coverages: the plan's required items */
    coberturasBasicas: z.array(z.string()),
    itens: z.array(PlanChangeItemDto),
    /** annual: installments to dataFimVigencia (minimum 1); monthly: 1 */
    parcelas: z.number().int(),
  }),
  z.object({ situacao: z.literal('cobre'), nCtrId: z.number().int(), contato: PlanChangeContactDto }),
]);
export type PlanChangeDto = z.infer<typeof PlanChangeDto>;

export const PlanChangeQuery = z.object({ tipoPagamento: PaymentTypeSchema.default('M') });

/**
 * A quotation request (the spec's cotacoes/troca-plano: colisao = SRV_SEGUROS_LTI chosen, vidros = SRV_VIDROS
 * chosen, fipe = the contract's band, tipo-pagamento). `itens` are the optional items the customer keeps or adds;
 * `reboqueKm` the towing option when SRV_REBOQ is among them. Prices never come from the client.
 */
export const QuotationRequest = z.object({
  tipoPagamento: PaymentTypeSchema,
  itens: z
    .array(z.string().regex(/^[A-Z0-9_]{1,40}$/))
    .max(20)
    .refine((a) => new Set(a).size === a.length, 'Itens repetidos.'),
  reboqueKm: z.number().int().min(1).max(5000).optional(),
});
export type QuotationRequest = z.infer<typeof QuotationRequest>;

export const QuoteLineDto = z.object({ service_code: z.string(), service_name: z.string(), value: cents }).meta({ id: 'QuoteLine' });
export type QuoteLineDto = z.infer<typeof QuoteLineDto>;

/** The stored quotation (001 §3 'Plan quote result' + IdCotacao). */
export const QuotationDto = z
  .object({
    IdCotacao: z.uuid(),
    nCtrId: z.number().int(),
    idPlano: z.string(),
    tipoPagamento: PaymentTypeSchema,
    initialVlue: cents,
    fipe: z.string(),
    required: z.array(QuoteLineDto),
    added: z.array(QuoteLineDto),
    notAdded: z.array(QuoteLineDto),
    isRecupPlan: z.boolean(),
    colisao: z.boolean(),
    vidros: z.boolean(),
    parcelas: z.number().int(),
    valorParcela: cents,
    reboque: z.object({ codigoItem: z.string(), descricao: z.string(), km: z.number().int() }).nullable(),
    /** what the success overlay lists: descriptions added and removed against the contract's items */
    adicionados: z.array(z.string()),
    removidos: z.array(z.string()),
    expiraEm: z.string(),
  })
  .meta({ id: 'Quotation' });
export type QuotationDto = z.infer<typeof QuotationDto>;

export const QuotationParams = z.object({ idCotacao: z.uuid() });

/** Plan change submit: the accepted quotation; the case's numbers are re-read from it on the server. */
export const planChangeRequestSchema = z.object({
  idCotacao: z.uuid({ error: PLAN_CHANGE_MSG.planDataNotLoaded }),
  telefone: contactPhoneSchema,
});
export type PlanChangeRequest = z.infer<typeof planChangeRequestSchema>;

// ── Due date ─────────────────────────────────────────────────────────────────────────────────
export const dueDaySchema = z.coerce
  .number({ error: DUE_DATE_MSG.chooseDay })
  .int(DUE_DATE_MSG.chooseDay)
  .min(DUE_DAY_MIN, DUE_DATE_MSG.chooseDay)
  .max(DUE_DAY_MAX, DUE_DATE_MSG.chooseDay);

export const DueDateSimulationQuery = z.object({ dia: dueDaySchema });

/** Due-date simulation (001 §3): valorMensalidade, diasProporcionais, valorVoucher, valorAcrescimo, contrato. */
export const DueDateSimulationDto = z.object({
  contrato: z.number().int(),
  diaAtual: z.number().int(),
  dia: z.number().int(),
  valorMensalidade: cents,
  diasProporcionais: z.number().int(),
  valorVoucher: cents,
  valorAcrescimo: cents,
  valorProximaFatura: cents,
  vencimentoAtual: z.string(),
  proximoVencimento: z.string(),
  cobrarValorProRata: z.enum(['Sim', 'Não']),
});
export type DueDateSimulationDto = z.infer<typeof DueDateSimulationDto>;

export const dueDateRequestSchema = z.object({ dia: dueDaySchema, telefone: contactPhoneSchema });
export type DueDateRequest = z.infer<typeof dueDateRequestSchema>;

/** The due-date form: a day and the agreement (the phone is the support page's field). */
export const dueDateFormSchema = z.object({
  dia: dueDaySchema,
  aceite: z.literal(true, { error: 'Confirme que está de acordo com a alteração.' }),
});
export type DueDateForm = z.infer<typeof dueDateFormSchema>;
