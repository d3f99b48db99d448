import { describe, expect, it } from 'vitest';
import { attachmentRuleFor, buildCasePayload, supportRequestSchema } from '../cases/schemas';
import { spareCarOrder, spareCarRequestSchema, vehicleChangeRequestSchema } from './vehicle-requests';

const TEL = '(31) 98765-4321';
const base = {
  tipo: 'troca-veiculo',
  telefone: TEL,
  caso: 'Troca de Veículo',
  tipoVeiculo: 'CAT_AGRAVO_VEICULO_LEVE',
  faixaFipe: 70,
  aceite: true,
};
const messages = (v: unknown) => {
  const r = vehicleChangeRequestSchema.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('vehicle change request (001 §5, 002 §5.3)', () => {
  it('plated: the plate is required and must be old or Mercosul', () => {
    expect(messages({ ...base, naoEmplacado: false })).toEqual({ placa: 'Insira a placa do carro' });
    expect(messages({ ...base, naoEmplacado: false, placa: 'AB12345' })).toEqual({ placa: 'Insira a placa do carro' });
    expect(messages({ ...base, naoEmplacado: false, placa: 'abc-1234' })).toEqual({});
    expect(messages({ ...base, naoEmplacado: false, placa: 'BRA2E19' })).toEqual({});
  });

  it("unplated: chassis, brand, model and year are required ('Este campo é obrigatório.'), chassis by its rules", () => {
    expect(messages({ ...base, naoEmplacado: true })).toEqual({
      chassi: 'Este campo é obrigatório.',
      marca: 'Este campo é obrigatório.',
      modelo: 'Este campo é obrigatório.',
      ano: 'Este campo é obrigatório.',
    });
    const ok = { ...base, naoEmplacado: true, marca: '23', modelo: '8587', ano: 2026 };
    expect(messages({ ...ok, chassi: '9BG KS48U0 NG 123456' })).toEqual({});
    expect(messages({ ...ok, chassi: '9BGKS48U0NG1234' })).toEqual({
      chassi: 'Chassi inválido! Deve conter apenas caracteres alfanuméricos válidos.',
    });
    expect(messages({ ...ok, chassi: '22222222222222222' })).toEqual({ chassi: 'Chassi inválido! Não pode conter 17 números repetidos.' });
  });

  it('an empty request gets every message at once: the plate (or the unplated fields) with the selects', () => {
    expect(messages({ tipo: 'troca-veiculo', telefone: TEL, naoEmplacado: false, aceite: true })).toEqual({
      caso: 'Selecione uma opção',
      tipoVeiculo: 'Selecione uma opção',
      faixaFipe: 'Selecione uma opção',
      placa: 'Insira a placa do carro',
    });
    expect(messages({ tipo: 'troca-veiculo', telefone: TEL, naoEmplacado: true, aceite: true, chassi: 'x'.repeat(40) })).toEqual({
      caso: 'Selecione uma opção',
      tipoVeiculo: 'Selecione uma opção',
      faixaFipe: 'Selecione uma opção',
      chassi: 'Chassi inválido! Deve conter apenas caracteres alfanuméricos válidos.',
      marca: 'Este campo é obrigatório.',
      modelo: 'Este campo é obrigatório.',
      ano: 'Este campo é obrigatório.',
    });
    // A value of the wrong kind does not break the checks (the server parses what anyone sends).
    expect(messages({ tipo: 'troca-veiculo', naoEmplacado: true, chassi: 12, marca: 3, ano: 'x' })).toMatchObject({
      chassi: expect.any(String),
      marca: expect.any(String),
    });
  });

  it("vehicle type and FIPE range are required ('Selecione uma opção'); the agreement too", () => {
    const m = messages({ ...base, naoEmplacado: false, placa: 'ABC1234', tipoVeiculo: 'X', faixaFipe: 75, aceite: false });
    expect(m).toMatchObject({
      tipoVeiculo: 'Selecione uma opção',
      faixaFipe: 'Selecione uma opção',
      aceite: 'Estou de acordo com a alteração',
    });
  });

  it('the payload carries QualNumeroPlaca__c (the quotation is added by the server)', () => {
    const req = supportRequestSchema.parse({ ...base, naoEmplacado: false, placa: 'abc-1234' });
    expect(buildCasePayload(req, 100104)).toMatchObject({
      Reason: 'Troca de Veículo',
      QualNumeroPlaca__c: 'ABC1234',
      Description: 'Troca de Veículo: ABC1234.',
    });
  });
});

describe('spare car request (001 §2, §5)', () => {
  const spare = { tipo: 'carro-reserva', telefone: TEL, motivo: 'Colisão', transporte: 'reembolso_transporte' };
  it("MOTIVO and transport are required ('Selecione uma opção'); a location only for carro_reserva", () => {
    const r = spareCarRequestSchema.safeParse({ tipo: 'carro-reserva', telefone: TEL });
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['Selecione uma opção', 'Selecione uma opção']);
    expect(spareCarRequestSchema.safeParse(spare).success).toBe(true);
    expect(spareCarRequestSchema.safeParse({ ...spare, transporte: 'carro_reserva' }).success).toBe(false);
    expect(spareCarRequestSchema.safeParse({ ...spare, transporte: 'carro_reserva', local: 'Savassi' }).success).toBe(true);
  });

  it('theft/robbery take one occurrence report, a PDF only (ADR 061); fire/collision exactly two photos', () => {
    const theft = supportRequestSchema.parse({ ...spare, motivo: 'Roubo' });
    expect(attachmentRuleFor(theft)).toMatchObject({
      min: 1,
      max: 1,
      accept: ['application/pdf'],
      wrongTypeMessage: 'Apenas arquivos PDF são permitidos para o Boletim de Ocorrência.',
    });
    const fire = supportRequestSchema.parse({ ...spare, motivo: 'Incêndio' });
    expect(attachmentRuleFor(fire)).toMatchObject({ min: 2, max: 2, accept: ['image/jpeg', 'image/png'] });
  });

  it('PedidoDoCliente__c and Motivo_Adyen__c', () => {
    expect(spareCarOrder({ transporte: 'carro_reserva', local: 'Savassi' })).toBe('Carro reserva (até 7 dias). Retirada em: Savassi');
    expect(buildCasePayload(supportRequestSchema.parse(spare), 1)).toMatchObject({
      Reason: 'Carro Reserva',
      Motivo_Adyen__c: 'Colisão',
      PedidoDoCliente__c: 'Reembolso de táxi ou aplicativo',
    });
  });
});
