import { describe, expect, it } from 'vitest';
import {
  openCaseOfType,
  buildCasePayload,
  cancellationLockIn,
  caseListSince,
  contactPhoneSchema,
  duplicateCaseMessage,
  externalErrorMessage,
  formatCaseNumber,
  formatCommentDate,
  isCompleteCep,
  isMobilePhone,
  lockInText,
  maskCep,
  phaseDisplay,
  requestTypeOptions,
  sortCases,
  sortComments,
  supportRequestSchema,
  SUPPORT_MSG,
  visibleCases,
} from '../index';

const c = (Fase__c: string | null, CreatedDate: string, Reason = 'SAC', Status = 'New') => ({ Fase__c, CreatedDate, Reason, Status });
const firstError = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error?.issues[0];

describe('case phases and sorting', () => {
  it('shows Aberto and Concluído as they are and every other phase as Em andamento', () => {
    expect(phaseDisplay('Aberto')).toBe('Aberto');
    expect(phaseDisplay('Concluído')).toBe('Concluído');
    expect(phaseDisplay('Análise')).toBe('Em andamento');
    expect(phaseDisplay(null)).toBe('Em andamento');
  });

  it('sorts Aberto first, Concluído last, newest first inside a group, without mutating', () => {
    const list = [
      c('Concluído', '2026-11-20T10:00:00Z'),
      c('Análise', '2026-11-01T10:00:00Z'),
      c('Aberto', '2026-10-01T10:00:00Z'),
      c('Aberto', '2026-11-10T10:00:00Z'),
      c('Documentação', '2026-11-05T10:00:00Z'),
    ];
    const copy = [...list];
    expect(sortCases(list).map((x) => `${x.Fase__c} ${x.CreatedDate.slice(5, 10)}`)).toEqual([
      'Aberto 11-10',
      'Aberto 10-01',
      'Documentação 11-05',
      'Análise 11-01',
      'Concluído 11-20',
    ]);
    expect(list).toEqual(copy);
  });

  it('lists the last 3 months, Status New or Closed, listed reasons only', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(caseListSince(now).toISOString()).toBe('2026-08-22T12:00:00.000Z');
    expect(caseListSince(new Date('2026-05-31T12:00:00Z')).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    // 00:00 UTC on 31 May is still 30 May, 21:00 in São Paulo: three months before is 28 Feb, 21:00 there.
    expect(caseListSince(new Date('2026-05-31T00:00:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    const shown = visibleCases(
      [
        c('Aberto', '2026-08-23T00:00:00Z', 'Contestação'),
        c('Aberto', '2026-08-21T00:00:00Z', 'Contestação'), // too old
        c('Aberto', '2026-11-01T00:00:00Z', 'Colisão'), // claims have their own screen
        c('Aberto', '2026-11-01T00:00:00Z', 'SAC', 'Escalated'),
        c('Concluído', '2026-11-02T00:00:00Z', 'Suporte', 'Closed'),
      ],
      now,
    );
    expect(shown.map((x) => x.Reason)).toEqual(['Contestação', 'Suporte']);
  });

  it('sorts comments oldest first', () => {
    expect(sortComments([{ CreatedDate: '2026-02-01T00:00:00Z' }, { CreatedDate: '2026-01-01T00:00:00Z' }])[0]!.CreatedDate).toBe(
      '2026-01-01T00:00:00Z',
    );
  });
});

describe('request types of the support page', () => {
  it('upSell 1 offers plan change only', () => {
    expect(requestTypeOptions({ plainRoute: true, upSell: 1, possuiDispositivo: true })).toEqual(['plano']);
  });
  it('Suporte Rastreador only on /suporte, upSell 0, with a tracker; Ouvidoria never listed', () => {
    const all = requestTypeOptions({ plainRoute: true, upSell: 0, possuiDispositivo: true });
    expect(all).toContain('rastreador');
    expect(all).not.toContain('ouvidoria');
    expect(all).toHaveLength(8);
    expect(requestTypeOptions({ plainRoute: false, upSell: 0, possuiDispositivo: true })).not.toContain('rastreador');
    expect(requestTypeOptions({ plainRoute: true, upSell: 0, possuiDispositivo: false })).not.toContain('rastreador');
  });
});

describe('field rules', () => {
  it('accepts only mobiles: third digit 9 and at least 11 digits', () => {
    expect(isMobilePhone('(31) 98765-4321')).toBe(true);
    expect(isMobilePhone('(31) 3333-4444')).toBe(false);
    expect(isMobilePhone('(31) 88765-4321')).toBe(false);
    expect(isMobilePhone('3198765432')).toBe(false);
    expect(contactPhoneSchema.safeParse('(31) 98765-4321').data).toBe('31987654321');
    expect(firstError(contactPhoneSchema.safeParse(''))?.message).toBe(SUPPORT_MSG.phoneRequired);
    expect(firstError(contactPhoneSchema.safeParse('(31) 3333-4444'))?.message).toBe('Número de celular inválido');
  });

  it('masks CEPs as 00000-000 and needs all 9 characters', () => {
    expect(maskCep('3013')).toBe('3013');
    expect(maskCep('301300')).toBe('30130-0');
    expect(maskCep('30130010999')).toBe('30130-010');
    expect(isCompleteCep('30130-010')).toBe(true);
    expect(isCompleteCep('30130-01')).toBe(false);
  });

  it('formats comment dates at UTC−3 with Portuguese month abbreviations', () => {
    expect(formatCommentDate('2026-11-22T17:05:00Z')).toBe('22 nov 2026, 14:05');
    expect(formatCommentDate('2026-02-01T02:30:00Z')).toBe('31 jan 2026, 23:30');
    expect(formatCommentDate('2026-09-10T12:00:00.000Z')).toBe('10 set 2026, 09:00');
  });

  it('writes case numbers and the CRM duplicate message, and reads DescricaoErroApiExterna', () => {
    expect(formatCaseNumber(2026, 42)).toBe('2026-000042');
    const msg = duplicateCaseMessage('2026-000042', '2026-11-22T17:05:00Z');
    expect(msg).toBe('Caso duplicado: 2026-000042 em 22/11/2026 às 14:05');
    expect(externalErrorMessage(JSON.stringify([{ message: msg }]), 'x')).toBe(msg);
    expect(externalErrorMessage('["primeira","segunda"]', 'x')).toBe('primeira');
    expect(externalErrorMessage('texto', 'x')).toBe('texto');
    expect(externalErrorMessage(undefined, 'Erro ao enviar a solicitação.')).toBe('Erro ao enviar a solicitação.');
  });
});

describe('request schemas and the case payload', () => {
  const tel = '(31) 98765-4321';
  it('cancellation: both messages, then the payload of 001 §3', () => {
    const bad = supportRequestSchema.safeParse({ tipo: 'cancelamento', telefone: tel, motivo: ' ', detalhe: '' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([SUPPORT_MSG.cancelReason, SUPPORT_MSG.cancelDetail]);
    const ok = supportRequestSchema.parse({ tipo: 'cancelamento', telefone: tel, motivo: 'Vendi o carro', detalhe: 'Vendi em outubro.' });
    expect(buildCasePayload(ok, 100101)).toEqual({
      Solicitante__c: 'Cliente',
      Reason: 'SAC',
      Subject: 'Cancelamento',
      ChaveNaturalContrato__c: '100101',
      Description: 'Vendi em outubro.',
      AceiteTermosCondicoes__c: true,
      Origin: 'Web',
      TelefoneContato__c: '31987654321',
      Qual_o_motivo_da_solicitacao__c: 'Vendi o carro',
    });
  });

  it('tracker: case and description messages', () => {
    const bad = supportRequestSchema.safeParse({ tipo: 'rastreador', telefone: tel, caso: '', descricao: '' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Selecione um caso', 'Explique melhor o ocorrido']);
    const ok = supportRequestSchema.parse({ tipo: 'rastreador', telefone: tel, caso: 'Perda', descricao: 'Sumiu o sinal' });
    expect(buildCasePayload(ok, 1)).toMatchObject({
      Reason: 'Suporte',
      Subject: 'Suporte Rastreador',
      Qual_o_motivo_da_solicitacao__c: 'Perda',
    });
  });

  it("contestation and ombudsman: 'Insira o motivo'; contestation type falls back to 'ocorrido'", () => {
    expect(firstError(supportRequestSchema.safeParse({ tipo: 'contestacao', telefone: tel, descricao: '' }))?.message).toBe(
      'Insira o motivo',
    );
    expect(firstError(supportRequestSchema.safeParse({ tipo: 'ouvidoria', telefone: tel, descricao: '' }))?.message).toBe(
      'Insira o motivo',
    );
    const ok = supportRequestSchema.parse({ tipo: 'contestacao', telefone: tel, descricao: 'Cobrança em dobro' });
    expect(buildCasePayload(ok, 1)).toMatchObject({ Reason: 'Contestação', Qual_o_motivo_da_solicitacao__c: 'ocorrido' });
  });

  it('refuses control characters and an unknown request type', () => {
    expect(supportRequestSchema.safeParse({ tipo: 'ouvidoria', telefone: tel, descricao: 'a\u0000b' }).success).toBe(false);
    expect(firstError(supportRequestSchema.safeParse({ tipo: 'x', telefone: tel }))?.message).toBe('Selecione uma área');
  });

  it('registration change: every field rule and the JSON_Retorno_Soon__c payload', () => {
    const base = { tipo: 'dados-cadastrais', telefone: tel };
    const msgs = (v: object) => supportRequestSchema.safeParse({ ...base, ...v }).error?.issues.map((i) => i.message);
    expect(msgs({ alteracoes: [] })).toEqual(['Selecione uma opção']);
    expect(msgs({ alteracoes: ['Endereço'], endereco: { cep: '3013', estado: '', cidade: '', bairro: '', rua: '', numero: '' } })).toEqual([
      'CEP inválido',
      'Insira o estado',
      'Insira a cidade',
      'Insira o bairro',
      'Insira a rua',
      'Insira o número',
    ]);
    expect(msgs({ alteracoes: ['Telefone'], novoTelefone: '3133334444' })).toEqual(['Insira o número']);
    expect(msgs({ alteracoes: ['E-mail'], novoEmail: 'maria@' })).toEqual(['Insira um e-mail válido']);
    expect(msgs({ alteracoes: ['Outros'] })).toEqual(['Insira o motivo']);
    expect(msgs({ alteracoes: ['Alteração de documentos'] })).toEqual(['Tipo de documento inválido. Use CNH ou CRLV']);
    expect(msgs({ alteracoes: ['Alteração de documentos', 'Telefone'], documento: 'CNH', novoTelefone: '31987654321' })).toEqual([
      'Selecione uma opção',
    ]);

    const ok = supportRequestSchema.parse({
      ...base,
      alteracoes: ['Endereço', 'Utilização do veículo'],
      endereco: { cep: '01310100', estado: 'sp', cidade: 'São Paulo', bairro: 'Bela Vista', rua: 'Avenida Paulista', numero: '1000' },
      utilizacao: 'Fins Comerciais',
    });
    const payload = buildCasePayload(ok, 100101);
    expect(payload).toMatchObject({
      Reason: 'Alteração de Dados Cadastrais',
      Description: 'Alteração de dados cadastrais: Endereço, Utilização do veículo.',
    });
    expect(JSON.parse(payload.JSON_Retorno_Soon__c!)).toEqual({
      cep: '01310-100',
      estado: 'SP',
      cidade: 'São Paulo',
      bairro: 'Bela Vista',
      rua: 'Avenida Paulista',
      numero: '1000',
      complemento: '',
      telefone: '',
      email: '',
      finsComerciais: 'Sim',
      codigoIbge: '',
      outros: '',
      description: 'Alteração de dados cadastrais: Endereço, Utilização do veículo.',
    });
  });
});

describe('cancellation lock-in', () => {
  it('no fee in the first 30 days', () => {
    const l = cancellationLockIn('2026-11-10', '2026-11-22');
    expect(l).toEqual({ phase: 'grace', daysSinceStart: 12, graceEndsOn: '2026-12-10', daysLeftInGrace: 18 });
    expect(lockInText(l)[1]).toBe('Esse prazo termina em 10/12/2026.');
  });
  it('then the current 12-month commitment and the months left', () => {
    expect(cancellationLockIn('2026-01-15', '2026-11-22')).toEqual({
      phase: 'commitment',
      daysSinceStart: 311,
      commitmentEndsOn: '2027-01-15',
      monthsRemaining: 2,
    });
    // second year: the commitment renews with the annual plan
    expect(cancellationLockIn('2024-03-31', '2026-11-22')).toMatchObject({ commitmentEndsOn: '2027-03-31', monthsRemaining: 5 });
    expect(lockInText(cancellationLockIn('2026-01-15', '2026-11-22'))[1]).toContain('até 15/01/2027 (2 meses restantes)');
  });
});

describe('openCaseOfType (the duplicate rule, read before the form)', () => {
  const c = (Reason: string, Subject: string, Status = 'New') => ({ Reason, Subject, Status, CaseNumber: `${Reason}-${Status}` });
  it('finds the open case of the same Reason and Subject; closed ones and other subjects do not count', () => {
    const list = [c('SAC', 'Ouvidoria'), c('SAC', 'Cancelamento', 'Closed'), c('Carro Reserva', 'Carro Reserva')];
    expect(openCaseOfType(list, 'cancelamento')).toBeUndefined();
    expect(openCaseOfType([...list, c('SAC', 'Cancelamento')], 'cancelamento')?.Subject).toBe('Cancelamento');
    expect(openCaseOfType(list, 'carro-reserva')?.CaseNumber).toBe('Carro Reserva-New');
  });
  it('types that allow several open cases (contestation, ombudsman) never have one in the way', () => {
    expect(openCaseOfType([c('SAC', 'Ouvidoria')], 'ouvidoria')).toBeUndefined();
    expect(openCaseOfType([c('Contestação', 'Contestação de Fatura')], 'contestacao')).toBeUndefined();
  });
});
