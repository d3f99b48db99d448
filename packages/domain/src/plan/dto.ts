import { z } from 'zod';

export const ExecutiveDto = z.object({ nome: z.string(), telefone: z.string(), whatsapp: z.string() }).meta({ id: 'Executive' });
export type ExecutiveDto = z.infer<typeof ExecutiveDto>;

export const PlanViewDto = z
  .object({
    nCtrId: z.number().int(),
    idPlan: z.string(),
    planName: z.string(),
    monthlyFee: z.number().int(),
    dueDay: z.number().int(),
    validityStart: z.string(),
    validityEnd: z.string().nullable(),
    coverages: z.array(z.string()),
    contents: z.array(z.string()),
    referral: z.object({
      idIndc: z.string().nullable(),
      link: z.string().nullable(),
      total: z.number().int(),
      eligible: z.number().int(),
      counted: z.number().int(),
      percent: z.number().int(),
      maxPercent: z.number().int(),
      missingForMax: z.number().int(),
      feeWithDiscount: z.number().int(),
    }),
    /** COBRE plans: no plan or vehicle change online */
    cobre: z.boolean(),
    /** COBRE plans only: the sales executive (or the support line for flagged codes) */
    contact: z.object({ nome: z.string(), telefone: z.string(), whatsapp: z.string(), executive: z.boolean() }).nullable(),
    contracts: z.object({ geral: z.string(), especifico: z.string() }),
  })
  .meta({ id: 'PlanView' });
export type PlanViewDto = z.infer<typeof PlanViewDto>;
