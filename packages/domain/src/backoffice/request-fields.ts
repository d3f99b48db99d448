import type { CasePayload, RegistrationPayload } from '../cases/schemas';
import type { ClaimCasePayload } from '../claims/payload';
import type { VehicleQuotation } from '../support-requests/vehicle-requests';
import { formatInstantWithTime } from '../dates';
import { formatMoney } from '../money';
import { formatPhoneBR } from '../masks';
import { formatDocument, normalizeDocument } from '../document';

/**
 * 'Solicitação enviada' on the staff case page (issue 30 item 5): every field a case can carry — the support
 * requests of every type (001 §3, issue 12's plan/due-date/vehicle changes) and the claims of every kind (002 §3) —
 * with its pt-BR label and how its value reads. The raw payload stays behind the page's 'Dados técnicos'.
 * request-fields.test.ts builds every kind of payload and fails when a field has no label here.
 */

type FieldKind =
  | 'text'
  | 'boolean'
  | 'phone'
  | 'document'
  /** a local date and time the CRM writes with a 'Z' (002 §3: the typed wall clock, not an instant) */
  | 'localDateTime'
  /** an instant (UTC ISO), shown in São Paulo time */
  | 'instant'
  /** reais (the FIPE value) */
  | 'reais'
  | 'dueDay'
  | 'json';

interface FieldSpec {
  label: string;
  kind?: FieldKind;
  /** the values a field takes, as staff read them */
  values?: Readonly<Record<string, string>>;
  /** json: the labels of the nested fields */
  fields?: Readonly<Record<string, FieldSpec>>;
}

/** The registration change's JSON_Retorno_Soon__c (001 §3). */
const REGISTRATION_FIELDS: Record<keyof RegistrationPayload, FieldSpec> = {
  cep: { label: 'CEP' },
  estado: { label: 'Estado (UF)' },
  cidade: { label: 'Cidade' },
  bairro: { label: 'Bairro' },
  rua: { label: 'Rua' },
  numero: { label: 'Número' },
  complemento: { label: 'Complemento' },
  telefone: { label: 'Novo telefone', kind: 'phone' },
  email: { label: 'Novo e-mail' },
  finsComerciais: { label: 'Uso para fins comerciais' },
  codigoIbge: { label: 'Código IBGE do município' },
  outros: { label: 'Outras alterações' },
  description: { label: 'Resumo' },
};

/** The vehicle change's Cotacao__c (the server's quotation, ADR 052). */
const QUOTATION_FIELDS: Record<keyof VehicleQuotation, FieldSpec> = {
  origem: { label: 'Cotado por', values: { placa: 'Placa', chassi: 'Chassi' } },
  codigoFipe: { label: 'Código FIPE' },
  valorFipe: { label: 'Valor FIPE', kind: 'reais' },
  categoriaFipe: { label: 'Categoria de preço' },
  faixa: { label: 'Faixa de valor' },
  limitado: { label: 'Indenização limitada a R$ 150 mil', kind: 'boolean' },
  tipoVeiculo: { label: 'Tipo de veículo' },
  veiculo: { label: 'Veículo' },
  fabricante: { label: 'Fabricante' },
  modelo: { label: 'Modelo' },
  ano: { label: 'Ano' },
};

/** The fields the staff case detail sends in `solicitacao`: the support payload and the claim payload. */
type RequestField = keyof CasePayload | keyof ClaimCasePayload;

export const REQUEST_FIELDS: Readonly<Record<RequestField, FieldSpec>> = {
  // common (001 §3, 002 §3)
  Reason: { label: 'Motivo' },
  Subject: { label: 'Assunto' },
  Description: { label: 'Descrição' },
  Solicitante__c: { label: 'Solicitante' },
  Origin: { label: 'Origem', values: { Web: 'Portal do cliente (web)' } },
  AceiteTermosCondicoes__c: { label: 'Aceitou os termos e condições', kind: 'boolean' },
  ChaveNaturalContrato__c: { label: 'Contrato' },
  TelefoneContato__c: { label: 'Telefone de contato', kind: 'phone' },
  // support requests
  Qual_o_motivo_da_solicitacao__c: { label: 'Motivo informado' },
  idCotacao: { label: 'Cotação aceita' },
  DiaVencimento__c: { label: 'Novo dia de vencimento', kind: 'dueDay' },
  CobrarValorProRata__c: { label: 'Cobrar valor proporcional' },
  JSON_Retorno_Soon__c: { label: 'Dados cadastrais pedidos', kind: 'json', fields: REGISTRATION_FIELDS },
  QualNumeroPlaca__c: { label: 'Placa do novo veículo' },
  Cotacao__c: { label: 'Cotação do veículo', kind: 'json', fields: QUOTATION_FIELDS },
  PedidoDoCliente__c: { label: 'Pedido do cliente' },
  Motivo_Adyen__c: { label: 'Motivo do carro reserva' },
  // claims (002 §3)
  Data_Hora_da_ocorrencia__c: { label: 'Data e hora da ocorrência', kind: 'localDateTime' },
  Condutor__c: { label: 'Condutor' },
  CPF_do_condutor__c: { label: 'CPF do condutor', kind: 'document' },
  Contato_do_condutor__c: { label: 'Telefone do condutor', kind: 'phone' },
  Envolvimento_com_terceiros__c: { label: 'Envolveu terceiros' },
  Contato_do_terceiro__c: { label: 'Telefone do terceiro', kind: 'phone' },
  QualLocalSinistro__c: { label: 'Local da ocorrência' },
  Ponto_de_referencia__c: { label: 'Ponto de referência' },
  Descricao_do_ocorrido__c: { label: 'O que aconteceu' },
  Veiculo_esta_se_locomovendo__c: { label: 'O veículo consegue se locomover' },
  Boletim_realizado__c: { label: 'Boletim de ocorrência feito' },
  Observacoes__c: { label: 'Observações' },
  Abrir_caso_de_sinistro_para__c: { label: 'Sinistro aberto para' },
  Status: { label: 'Situação ao abrir', values: { New: 'Aberto', Closed: 'Encerrado' } },
  Fase__c: { label: 'Fase ao abrir' },
};

export type RequestLine = { key: string; label: string; value: string } | { key: string; label: string; items: RequestLine[] };

const EMPTY = '—';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** '2026-11-16T09:40:00.000Z' as the customer typed it: '16/11/2026, 09:40' (no time-zone shift). */
function wallClock(v: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(v);
  return m ? `${m[3]}/${m[2]}/${m[1]}, ${m[4]}:${m[5]}` : v;
}

function scalar(v: unknown, spec: FieldSpec | undefined): string {
  if (isEmpty(v)) return EMPTY;
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (Array.isArray(v)) return v.length ? v.map((x) => scalar(x, undefined)).join(', ') : EMPTY;
  if (typeof v === 'object') return JSON.stringify(v);
  const s = String(v);
  if (spec?.values?.[s]) return spec.values[s];
  switch (spec?.kind) {
    case 'phone':
      return formatPhoneBR(s);
    case 'document':
      return formatDocument(normalizeDocument(s));
    case 'localDateTime':
      return wallClock(s);
    case 'instant':
      return formatInstantWithTime(s);
    case 'reais':
      return typeof v === 'number' ? formatMoney(Math.round(v * 100)) : s;
    case 'dueDay':
      return `Dia ${s}`;
    default:
      // a field outside the table that carries an instant is shown in São Paulo time, never as UTC ISO
      return ISO_INSTANT.test(s) && !Number.isNaN(Date.parse(s)) ? formatInstantWithTime(s) : s;
  }
}

function parsedJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

function lines(record: Record<string, unknown>, table: Readonly<Record<string, FieldSpec>>, nested: boolean): RequestLine[] {
  return Object.entries(record).flatMap(([key, raw]): RequestLine[] => {
    const spec = table[key];
    const label = spec?.label ?? key;
    const v = spec?.kind === 'json' ? parsedJson(raw) : raw;
    // In a sub-list only what was filled in (a registration change names one or two of its fields).
    if (nested && isEmpty(v)) return [];
    if (isRecord(v)) return [{ key, label, items: lines(v, spec?.fields ?? {}, true) }];
    return [{ key, label, value: scalar(v, spec) }];
  });
}

/** The request as staff read it: pt-BR labels, local times, Sim/Não, money, nested JSON as a sub-list. */
export function requestLines(solicitacao: Record<string, unknown>): RequestLine[] {
  return lines(solicitacao, REQUEST_FIELDS, false);
}

/** The label of a request field (its raw name when the table has none: a CRM's own field). */
export const requestFieldLabel = (key: string): string => (REQUEST_FIELDS as Record<string, FieldSpec | undefined>)[key]?.label ?? key;

/** The fields of a request (nested JSON fields as 'Campo.sub') the table has no label for: none, for our own payloads. */
export function unlabelledFields(solicitacao: Record<string, unknown>): string[] {
  const walk = (record: Record<string, unknown>, table: Readonly<Record<string, FieldSpec>>, prefix: string): string[] =>
    Object.entries(record).flatMap(([key, raw]) => {
      const spec = table[key];
      if (!spec) return [`${prefix}${key}`];
      const v = spec.kind === 'json' ? parsedJson(raw) : raw;
      return spec.kind === 'json' && isRecord(v) ? walk(v, spec.fields ?? {}, `${prefix}${key}.`) : [];
    });
  return walk(solicitacao, REQUEST_FIELDS, '');
}
