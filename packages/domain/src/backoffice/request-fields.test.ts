import { describe, expect, it } from 'vitest';
import { buildCasePayload, casePayloadBase, type SupportRequest } from '../cases/schemas';
import { buildClaimPayload } from '../claims/payload';
import { EMPTY_CLAIM_FORM, type ClaimFormValues } from '../claims/form-fields';
import type { VehicleQuotation } from '../support-requests/vehicle-requests';
import { requestLines, unlabelledFields } from './request-fields';

const phone = '31987654321';
const address = { cep: '30130-010', estado: 'MG', cidade: 'Belo Horizonte', bairro: 'Centro', rua: 'Rua A', numero: '10' };

/** Every support request type the portal builds (001 §3), as the parsed request. */
const SUPPORT: SupportRequest[] = [
  { tipo: 'cancelamento', telefone: phone, motivo: 'Mudança', detalhe: 'Vou vender o carro' },
  { tipo: 'rastreador', telefone: phone, caso: 'Defeito', descricao: 'Não liga' },
  { tipo: 'contestacao', telefone: phone, descricao: 'Cobrança a mais', tipoContestacao: 'cobranca-indevida' },
  { tipo: 'ouvidoria', telefone: phone, descricao: 'Reclamação' },
  {
    tipo: 'dados-cadastrais',
    telefone: phone,
    alteracoes: ['Endereço', 'Telefone'],
    endereco: { ...address, complemento: 'Ap 1', codigoIbge: '3106200' },
    novoTelefone: '(31) 99999-0000',
  },
  {
    tipo: 'dados-cadastrais',
    telefone: phone,
    alteracoes: ['E-mail', 'Utilização do veículo'],
    novoEmail: 'a@b.com',
    utilizacao: 'Fins Comerciais',
  },
  { tipo: 'dados-cadastrais', telefone: phone, alteracoes: ['Outros'], outros: 'Nome social' },
  {
    tipo: 'troca-veiculo',
    telefone: phone,
    caso: 'Troca de Veículo',
    naoEmplacado: false,
    placa: 'ABC1D23',
    tipoVeiculo: 'CARRO',
    faixaFipe: 50,
    aceite: true,
  } as SupportRequest,
  { tipo: 'carro-reserva', telefone: phone, motivo: 'Colisão', transporte: 'carro_reserva', local: 'Savassi' },
  { tipo: 'carro-reserva', telefone: phone, motivo: 'Furto', transporte: 'reembolso_transporte' },
];

const QUOTATION: Required<VehicleQuotation> = {
  origem: 'placa',
  codigoFipe: '001004-9',
  valorFipe: 48_900.5,
  categoriaFipe: 'CAT_FIPE_50K',
  faixa: 'R$ 40.000 a R$ 50.000',
  limitado: false,
  tipoVeiculo: 'CARRO',
  veiculo: 'Fiat Argo',
  fabricante: 'Fiat',
  modelo: 'Argo',
  ano: 2022,
};

/** What the staff case detail sends for a support case: the case columns, then the payload's details (service.detail). */
function asStaffSees(payload: Record<string, unknown>): Record<string, unknown> {
  const { Reason, Subject, Description, TelefoneContato__c, Solicitante__c, Origin, AceiteTermosCondicoes__c, ...details } = payload;
  return { Reason, Subject, Description, TelefoneContato__c, Solicitante__c, Origin, AceiteTermosCondicoes__c, ...details };
}

const claimForm: ClaimFormValues = {
  ...EMPTY_CLAIM_FORM,
  reason: 'Colisão',
  description: 'Bati na traseira',
  location: 'Av. Afonso Pena, 1000',
  referencePoint: 'Em frente ao parque',
  date: '2026-11-21',
  time: '18:45',
  driver: 'José Antônio',
  driverCPF: '529.982.247-25',
  driverContact: '(31) 98765-4321',
  isVehicleMoving: 'Não',
  currentVehicleLocation: 'Oficina do bairro',
  incidentReportCarriedOut: 'Sim',
  involvementWithThirdParties: 'Sim',
  thirdPartyContact: '(31) 91234-5678',
};

const ALL_PAYLOADS: Record<string, unknown>[] = [
  ...SUPPORT.map((r) => asStaffSees({ ...buildCasePayload(r, 100101) })),
  // the vehicle change as stored: the server's quotation added (vehicles module)
  asStaffSees({ ...buildCasePayload(SUPPORT[7]!, 100101), Cotacao__c: JSON.stringify(QUOTATION) }),
  // plan and due-date changes (issue 12), built by their modules on casePayloadBase
  asStaffSees({ ...casePayloadBase('plano', 100101, phone), Description: 'Alteração de plano', idCotacao: 'abc' }),
  asStaffSees({
    ...casePayloadBase('vencimento', 100101, phone),
    Description: 'Vencimento',
    DiaVencimento__c: 10,
    CobrarValorProRata__c: 'Sim',
  }),
  // claims of every kind (002 §3)
  ...(['Colisão', 'Vidros', 'Incêndio', 'Danos da natureza'] as const).map((reason) => ({
    ...buildClaimPayload({ ...claimForm, reason }, 100101),
  })),
];

describe("'Solicitação enviada' labels (issue 30 item 5)", () => {
  it('has a pt-BR label for every field any case kind carries, nested JSON included', () => {
    for (const p of ALL_PAYLOADS) expect(unlabelledFields(p)).toEqual([]);
  });

  it('names a field outside the table (the test above would fail for a new payload field)', () => {
    expect(unlabelledFields({ Reason: 'x', NovoCampo__c: 1, Cotacao__c: { origem: 'placa', extra: 1 } })).toEqual([
      'NovoCampo__c',
      'Cotacao__c.extra',
    ]);
  });

  it('reads a claim: wall-clock occurrence time, formatted CPF and phones, no raw field names', () => {
    const out = requestLines(buildClaimPayload(claimForm, 100101) as unknown as Record<string, unknown>);
    const byLabel = Object.fromEntries(out.map((l) => [l.label, 'value' in l ? l.value : l.items]));
    expect(byLabel['Data e hora da ocorrência']).toBe('21/11/2026, 18:45');
    expect(byLabel['CPF do condutor']).toBe('529.982.247-25');
    expect(byLabel['Telefone do condutor']).toBe('(31) 98765-4321');
    expect(byLabel['Aceitou os termos e condições']).toBe('Sim');
    expect(byLabel['Contrato']).toBe('100101');
    expect(out.map((l) => l.label).join(' ')).not.toMatch(/__c/);
  });

  it('reads a vehicle change: the quotation as a sub-list with money and Sim/Não', () => {
    const out = requestLines(asStaffSees({ ...buildCasePayload(SUPPORT[7]!, 100101), Cotacao__c: JSON.stringify(QUOTATION) }));
    const quotation = out.find((l) => l.key === 'Cotacao__c');
    expect(quotation && 'items' in quotation).toBe(true);
    const items = quotation && 'items' in quotation ? quotation.items : [];
    expect(items).toContainEqual({ key: 'valorFipe', label: 'Valor FIPE', value: 'R$\u00a048.900,50' });
    expect(items).toContainEqual({ key: 'limitado', label: 'Indenização limitada a R$ 150 mil', value: 'Não' });
    expect(items).toContainEqual({ key: 'origem', label: 'Cotado por', value: 'Placa' });
  });

  it('reads a registration change: only the filled-in fields of JSON_Retorno_Soon__c', () => {
    const out = requestLines(asStaffSees({ ...buildCasePayload(SUPPORT[5]!, 100101) }));
    const reg = out.find((l) => l.key === 'JSON_Retorno_Soon__c');
    const items = reg && 'items' in reg ? reg.items : [];
    expect(items.map((i) => i.label)).toEqual(['Novo e-mail', 'Uso para fins comerciais', 'Resumo']);
  });

  it('shows an instant outside the table in São Paulo time, and empty values as a dash', () => {
    const out = requestLines({ Enviado_em__c: '2026-11-21T15:00:00.000Z', Observacoes__c: '', DiaVencimento__c: 10 });
    expect(out).toEqual([
      { key: 'Enviado_em__c', label: 'Enviado_em__c', value: '21/11/2026, 12:00' },
      { key: 'Observacoes__c', label: 'Observações', value: '—' },
      { key: 'DiaVencimento__c', label: 'Novo dia de vencimento', value: 'Dia 10' },
    ]);
  });
});
