import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { BillsDto, ContractDto } from '@guarita/domain';
import { compileFast, responseSerializerCompiler } from '../src/lib/serializer';
import { ErrorEnvelope } from '../src/lib/errors';

const contract: z.input<typeof ContractDto> = {
  nCtrId: 100101,
  bpName: 'Maria',
  idPlan: 'P1',
  planName: 'Plano',
  slpCode: null,
  status: 'Ativo',
  cancelled: false,
  dueDay: 10,
  dataInicioVigencia: '2025-01-01',
  dataFimVigencia: null,
  possuiDispositivo: true,
  fipeLimit: 5_000_000,
  monthlyFee: 19_497,
  cardSummary: '4242',
  pmCard: 'visa',
  idIndc: null,
  vehicle: { numberPlate: 'ABC1D23', vModel: 'Onix', manufacturer: null, year: 2022 },
};

describe('response serializers (fast-json-stringify from the zod schemas, ADR 049)', () => {
  it('writes the same JSON as zod + JSON.stringify for the hot DTOs', () => {
    const list = z.array(ContractDto);
    expect(JSON.parse(compileFast(list)!([contract]))).toEqual(list.parse([contract]));
    const bills: z.input<typeof BillsDto> = {
      bills: [
        {
          docEntry: 1,
          docDueDate: '2026-01-10',
          docTotal: 19_497,
          valorMulta: 0,
          valorJuros: 0,
          billStatus: { idStatus: 'P', descStatus: 'Paga' },
          paidAt: '2026-01-09T12:00:00.000Z',
        },
      ],
      openTotal: 0,
    };
    expect(JSON.parse(compileFast(BillsDto)!(bills))).toEqual(BillsDto.parse(bills));
  });

  it('never writes a property the schema does not name, at any depth or inside a union', () => {
    const leaky = { ...contract, cpf: '52998224725', vehicle: { ...contract.vehicle, chassis: '9BW' } };
    const out = compileFast(z.array(ContractDto))!([leaky]);
    expect(out).not.toContain('52998224725');
    expect(out).not.toContain('chassis');
    const union = z.object({ r: z.union([z.object({ k: z.literal('a'), v: z.number() }), z.object({ k: z.literal('b') })]) });
    expect(JSON.parse(compileFast(union)!({ r: { k: 'b', secret: 'x' } }))).toEqual({ r: { k: 'b' } });
  });

  it('fails on a missing required property instead of writing a partial answer', () => {
    const { bpName: _, ...partial } = contract;
    expect(() => compileFast(ContractDto)!(partial)).toThrow(/bpName/);
  });

  it('leaves to zod a schema JSON Schema cannot express', () => {
    expect(compileFast(z.object({ at: z.date() }))).toBeUndefined();
    expect(compileFast(z.string().transform((s) => s.length))).toBeUndefined();
  });

  async function appWith(checkWithZod: boolean, answer: unknown) {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler({ checkWithZod }));
    app.get('/x', { schema: { response: { 200: z.object({ status: z.enum(['ok']) }), 500: ErrorEnvelope } } }, async () => answer);
    await app.ready();
    return app;
  }

  it('outside production zod checks the answer too: one that breaks its contract is a 500, not a quiet success', async () => {
    const app = await appWith(true, { status: 'not-in-the-enum' });
    expect((await app.inject('/x')).statusCode).toBe(500);
    const production = await appWith(false, { status: 'ok', extra: 1 });
    const res = await production.inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
