import { z } from 'zod';

/** Shapes the BFF answers with: one definition for the API's response schemas and the web app's types. */

export const AddressDto = z
  .object({
    addressType: z.enum(['Cobrança', 'Entrega']),
    street: z.string(),
    streetNo: z.string(),
    building: z.string().nullable(),
    block: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
  })
  .meta({ id: 'Address' });
export type AddressDto = z.infer<typeof AddressDto>;

export const CustomerInfoDto = z
  .object({
    key: z.number().int(),
    name: z.string(),
    /** A company's trade name (nome fantasia); null for people and for companies without one. */
    tradeName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    cpf: z.string().nullable(),
    cnpj: z.string().nullable(),
    addresses: z.array(AddressDto),
  })
  .meta({ id: 'CustomerInfo' });
export type CustomerInfoDto = z.infer<typeof CustomerInfoDto>;

export const ContractDto = z
  .object({
    nCtrId: z.number().int(),
    bpName: z.string(),
    idPlan: z.string(),
    planName: z.string(),
    slpCode: z.number().int().nullable(),
    status: z.string(),
    cancelled: z.boolean(),
    dueDay: z.number().int(),
    dataInicioVigencia: z.string(),
    dataFimVigencia: z.string().nullable(),
    possuiDispositivo: z.boolean(),
    fipeLimit: z.number().int().nullable(),
    monthlyFee: z.number().int(),
    cardSummary: z.string().nullable(),
    pmCard: z.enum(['mc', 'visa', 'amex']).nullable(),
    idIndc: z.string().nullable(),
    vehicle: z.object({
      numberPlate: z.string().nullable(),
      vModel: z.string().nullable(),
      manufacturer: z.string().nullable(),
      year: z.number().int().nullable(),
    }),
  })
  .meta({ id: 'Contract' });
export type ContractDto = z.infer<typeof ContractDto>;

export const ContractItemDto = z
  .object({
    code: z.string(),
    name: z.string(),
    kind: z.string(),
    price: z.number().int(),
    subItems: z.array(
      z.object({ code: z.string(), name: z.string(), towingKm: z.number().int().nullable(), selected: z.boolean(), required: z.boolean() }),
    ),
  })
  .meta({ id: 'ContractItem' });
export type ContractItemDto = z.infer<typeof ContractItemDto>;

export const ContractDetailDto = ContractDto.extend({ items: z.array(ContractItemDto) }).meta({ id: 'ContractDetail' });
export type ContractDetailDto = z.infer<typeof ContractDetailDto>;

export const BillDto = z
  .object({
    docEntry: z.number().int(),
    docDueDate: z.string(),
    docTotal: z.number().int(),
    valorMulta: z.number().int(),
    valorJuros: z.number().int(),
    billStatus: z.object({ idStatus: z.enum(['I', 'A', 'P']), descStatus: z.string() }),
    paidAt: z.string().nullable(),
  })
  .meta({ id: 'Bill' });
export type BillDto = z.infer<typeof BillDto>;

export const BillsDto = z.object({ bills: z.array(BillDto), openTotal: z.number().int() }).meta({ id: 'Bills' });
export type BillsDto = z.infer<typeof BillsDto>;

export const TokensDto = z.object({ IdToken: z.string(), AccessToken: z.string(), expiresIn: z.number().int() }).meta({ id: 'Tokens' });
export type TokensDto = z.infer<typeof TokensDto>;

export const LoginStartDto = z.object({
  Sessao: z.string(),
  Sms: z.string().nullable(),
  Email: z.string().nullable(),
  canalPadrao: z.enum(['sms', 'email']),
});
export type LoginStartDto = z.infer<typeof LoginStartDto>;

export const PublicConfigDto = z.object({
  brandName: z.string(),
  phoneSales: z.string(),
  phoneTheft: z.string(),
  phoneAssistance: z.string(),
  supportPhone: z.string(),
  supportEmail: z.string(),
  address: z.string(),
  demoMode: z.boolean(),
});
export type PublicConfigDto = z.infer<typeof PublicConfigDto>;
