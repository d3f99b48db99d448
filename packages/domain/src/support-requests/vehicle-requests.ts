/**
 * Vehicle change / plate correction and spare car (issue 12 §4–§5, spec 001 §2, §3, §5; 002 §5.3, §8): the request
 * schemas (the web form and the BFF validate with the same ones), the vehicle port's DTOs and the restrictions the
 * screens show before a form is filled.
 */
import { z } from 'zod';
import { contactPhoneSchema } from '../cases/contact-phone';
import { hasControlChars } from '../bounds';
import { FIPE_BAND_OPTIONS, VEHICLE_TYPES } from './fipe';
import { SPARE_CAR_MSG, VEHICLE_MSG } from './messages';
import { checkChassis, isValidPlate, normalizePlate } from './vehicle';

// ── The vehicle port's answers (001 §3 'Vehicle lookup result'; names as the plates service gives them) ──
export const VehicleLookupDto = z.object({
  Ano: z.number().int(),
  AnoModelo: z.number().int(),
  Modelo: z.string(),
  Fabricante: z.string(),
  Placa: z.string(),
  Chassi: z.string(),
  Cor: z.string(),
  TipoVeiculo: z.string(),
  QntPassageiros: z.number().int(),
  Combustivel: z.string(),
  /** Valor in reais, as the FIPE table gives it; null when the table has no value for this vehicle. */
  Fipe: z.object({ Codigo: z.string(), Modelo: z.string(), Valor: z.number().nullable() }),
  Permitido: z.boolean(),
});
export type VehicleLookupDto = z.infer<typeof VehicleLookupDto>;

export const VehicleBrandDto = z.object({ Codigo: z.string(), Nome: z.string() });
export type VehicleBrandDto = z.infer<typeof VehicleBrandDto>;
export const VehicleModelDto = z.object({ Codigo: z.string(), Nome: z.string(), Permitido: z.boolean() });
export type VehicleModelDto = z.infer<typeof VehicleModelDto>;
export const VehicleBrandsDto = z.object({ marcas: z.array(VehicleBrandDto) });
export const VehicleModelsDto = z.object({ modelos: z.array(VehicleModelDto) });

/** A plate in a path: old 'ABC1234' / 'ABC-1234' or Mercosul 'ABC1D23', any case. */
export const PlateParam = z
  .string()
  .max(8, VEHICLE_MSG.insertPlate)
  .refine(isValidPlate, VEHICLE_MSG.insertPlate)
  .transform(normalizePlate);
/** FIPE brand codes are short numbers ('59' Volkswagen). */
export const FipeCode = z.string().regex(/^\d{1,6}$/, VEHICLE_MSG.selectOption);

// ── Vehicle change / plate correction ─────────────────────────────────────────────────────────
export const VEHICLE_CHANGE_CASES = ['Troca de Veículo', 'Correção de Placa'] as const;
const VEHICLE_TYPE_CODES = VEHICLE_TYPES.map((t) => t.code) as [string, ...string[]];
const FIPE_BAND_VALUES: readonly number[] = FIPE_BAND_OPTIONS.map((o) => o.value);

/**
 * The vehicle-change request. Plated: the plate (the server looks the vehicle up itself). Unplated ('Veículo não
 * emplacado'): chassis, brand and model codes and year, typed by hand. The FIPE band chosen is only the customer's
 * estimate: the server prices a plated vehicle from its FIPE value (ADR 052).
 */
export const vehicleChangeRequestSchema = z
  .object({
    tipo: z.literal('troca-veiculo'),
    telefone: contactPhoneSchema,
    caso: z.enum(VEHICLE_CHANGE_CASES, { error: VEHICLE_MSG.selectOption }),
    naoEmplacado: z.boolean(),
    placa: z.string().max(8, VEHICLE_MSG.insertPlate).optional(),
    chassi: z.string().max(24, VEHICLE_MSG.chassisInvalid).optional(),
    marca: z.string().max(6).optional(),
    modelo: z.string().max(6).optional(),
    ano: z.number().int().min(1900).max(2100).optional(),
    tipoVeiculo: z.enum(VEHICLE_TYPE_CODES, { error: VEHICLE_MSG.selectOption }),
    faixaFipe: z.number({ error: VEHICLE_MSG.selectOption }).refine((v) => FIPE_BAND_VALUES.includes(v), VEHICLE_MSG.selectOption),
    aceite: z.literal(true, { error: VEHICLE_MSG.agreement }),
  })
  // Runs even when another field failed (zod skips refinements after an aborting issue by default), so an empty
  // form shows the plate's message with the selects' at once, not on a second submit (issue 24 item 17). The values
  // may then be of any kind: each check reads only what it can trust.
  .superRefine(
    (v, ctx) => {
      const issue = (path: string, message: string) => {
        if (!ctx.issues.some((i) => i.path?.[0] === path)) ctx.addIssue({ code: 'custom', path: [path], message });
      };
      const text = (x: unknown) => (typeof x === 'string' ? x : '');
      if (v.naoEmplacado !== true) {
        if (!isValidPlate(text(v.placa))) issue('placa', VEHICLE_MSG.insertPlate);
        return;
      }
      const chassis = checkChassis(text(v.chassi));
      if (chassis.status !== 'valid')
        issue('chassi', chassis.message ?? (chassis.status === 'empty' ? VEHICLE_MSG.required : VEHICLE_MSG.chassisInvalid));
      if (!/^\d{1,6}$/.test(text(v.marca))) issue('marca', VEHICLE_MSG.required);
      if (!/^\d{1,6}$/.test(text(v.modelo))) issue('modelo', VEHICLE_MSG.required);
      if (typeof v.ano !== 'number') issue('ano', VEHICLE_MSG.required);
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type VehicleChangeRequest = z.infer<typeof vehicleChangeRequestSchema>;

/** Cotacao__c: what the server priced the new vehicle at (stored as JSON on the case, for staff). */
export interface VehicleQuotation {
  origem: 'placa' | 'chassi';
  codigoFipe: string | null;
  valorFipe: number | null;
  /** CAT_FIPE_{n}K the price uses */
  categoriaFipe: string;
  faixa: string;
  /** 150–200 thousand: theft/robbery/total loss limited to 150,000 */
  limitado: boolean;
  tipoVeiculo: string;
  veiculo: string;
  /** The manufacturer and model apart (cases from before the approvals have only `veiculo`) */
  fabricante?: string;
  modelo?: string;
  ano: number | null;
}

// ── Spare car ─────────────────────────────────────────────────────────────────────────────────
export const SPARE_CAR_REASONS = ['Furto', 'Roubo', 'Incêndio', 'Colisão'] as const;
export type SpareCarReason = (typeof SPARE_CAR_REASONS)[number];
/** Theft and robbery send the occurrence report; fire and collision two photos of the vehicle (001 §2). */
export const needsOccurrenceReport = (motivo: SpareCarReason) => motivo === 'Furto' || motivo === 'Roubo';
export const SPARE_CAR_PHOTOS = 2;

export const TRANSPORT_OPTIONS = [
  { value: 'carro_reserva', label: 'Carro reserva (até 7 dias)' },
  { value: 'reembolso_transporte', label: 'Reembolso de táxi ou aplicativo' },
] as const;
export type TransportOption = (typeof TRANSPORT_OPTIONS)[number]['value'];
const TRANSPORT_VALUES = TRANSPORT_OPTIONS.map((t) => t.value) as [TransportOption, ...TransportOption[]];

export const spareCarRequestSchema = z
  .object({
    tipo: z.literal('carro-reserva'),
    telefone: contactPhoneSchema,
    motivo: z.enum(SPARE_CAR_REASONS, { error: SPARE_CAR_MSG.selectOption }),
    transporte: z.enum(TRANSPORT_VALUES, { error: SPARE_CAR_MSG.selectOption }),
    local: z
      .string()
      .trim()
      .max(200, 'Use no máximo 200 caracteres.')
      .refine((v) => !hasControlChars(v), 'Caracteres inválidos.')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.transporte === 'carro_reserva' && !v.local) ctx.addIssue({ code: 'custom', path: ['local'], message: VEHICLE_MSG.required });
  });
export type SpareCarRequest = z.infer<typeof spareCarRequestSchema>;

/** PedidoDoCliente__c: what the customer asked for, in words staff read. */
export function spareCarOrder(req: Pick<SpareCarRequest, 'transporte' | 'local'>): string {
  const label = TRANSPORT_OPTIONS.find((t) => t.value === req.transporte)!.label;
  return req.transporte === 'carro_reserva' && req.local ? `${label}. Retirada em: ${req.local}` : label;
}

/** COBRE plans cannot change the vehicle online (001 §2 'Plans that cannot change online'; the words are ours). */
export const NO_ONLINE_VEHICLE_CHANGE_MSG =
  'Seu plano não permite alteração de veículo pelo site. Fale com o seu consultor ou com o Suporte.';

// ── Restrictions shown before the forms ────────────────────────────────────────────────────────
export const BlockDto = z.object({
  rule: z.enum(['GRACE_PERIOD', 'RECENT_REGULARISATION', 'RECENT_THEFT_OR_SPARE_CAR', 'COLLISION_IN_PROGRESS', 'THIRD_PARTY_COLLISION']),
  endsAt: z.string().nullable(),
  /** the line of the 'Solicitação Bloqueada' modal */
  texto: z.string(),
});
export const VehicleRestrictionsDto = z.object({
  carroReserva: z.object({ bloqueado: z.boolean(), regras: z.array(BlockDto) }),
  trocaVeiculo: z.object({
    /** COBRE plans: no online change */
    cobre: z.boolean(),
    /** 'Você possui um caso de colisão com terceiros em aberto.' when one is open */
    bloqueio: z.string().nullable(),
  }),
});
export type VehicleRestrictionsDto = z.infer<typeof VehicleRestrictionsDto>;
