import { collapseSpaces, needsThirdPartyContact, needsVehicleLocation, type ClaimFormValues } from './form-fields';
import { CLAIM_MSG } from './messages';

/** The CRM's case Reason of a claim: Vidros or Colisão (default Colisão, also for Danos da natureza and Incêndio). */
export type ClaimCaseReason = 'Colisão' | 'Vidros';
export const claimCaseReason = (reason: string): ClaimCaseReason => (reason === 'Vidros' ? 'Vidros' : 'Colisão');

export const OPEN_FOR_BOTH = 'Para o meu veículo e do terceiro';
export const OPEN_FOR_MINE = 'Apenas para meu veículo';

/** The case-creation payload of 002 §3, field for field. */
export interface ClaimCasePayload {
  Reason: ClaimCaseReason;
  ChaveNaturalContrato__c: string;
  Data_Hora_da_ocorrencia__c: string;
  Contato_do_condutor__c: string;
  CPF_do_condutor__c: string;
  Condutor__c: string;
  Envolvimento_com_terceiros__c: string;
  Ponto_de_referencia__c: string;
  Descricao_do_ocorrido__c: string;
  QualLocalSinistro__c: string;
  Veiculo_esta_se_locomovendo__c: string;
  Contato_do_terceiro__c: string;
  Boletim_realizado__c: string;
  AceiteTermosCondicoes__c: true;
  Origin: 'Web';
  Observacoes__c: string;
  Abrir_caso_de_sinistro_para__c: typeof OPEN_FOR_BOTH | typeof OPEN_FOR_MINE;
  /** Only for Vidros. */
  Status?: 'New';
  /** Only for Vidros. */
  Fase__c?: 'Aberto';
}

/**
 * Form values → the payload (002 §3). Text is whitespace-collapsed and trimmed; the occurrence instant is
 * the typed local date and time written as date + 'T' + time + ':00.000Z' (the CRM's own convention).
 */
export function buildClaimPayload(values: ClaimFormValues, nCtrId: number | string): ClaimCasePayload {
  const v = Object.fromEntries(Object.entries(values).map(([k, s]) => [k, collapseSpaces(s)])) as ClaimFormValues;
  const reason = claimCaseReason(v.reason);
  const both = needsThirdPartyContact(v);
  const vehicleLocation = needsVehicleLocation(v) ? v.currentVehicleLocation : '';
  const payload: ClaimCasePayload = {
    Reason: reason,
    ChaveNaturalContrato__c: String(nCtrId),
    Data_Hora_da_ocorrencia__c: `${v.date}T${v.time}:00.000Z`,
    Contato_do_condutor__c: v.driverContact,
    CPF_do_condutor__c: v.driverCPF,
    Condutor__c: v.driver,
    Envolvimento_com_terceiros__c: v.involvementWithThirdParties,
    Ponto_de_referencia__c: v.referencePoint,
    Descricao_do_ocorrido__c: v.description,
    QualLocalSinistro__c: v.location,
    Veiculo_esta_se_locomovendo__c: v.isVehicleMoving,
    Contato_do_terceiro__c: both ? v.thirdPartyContact : '',
    Boletim_realizado__c: v.incidentReportCarriedOut,
    AceiteTermosCondicoes__c: true,
    Origin: 'Web',
    Observacoes__c: vehicleLocation ? `Local do veículo: ${vehicleLocation}` : '',
    Abrir_caso_de_sinistro_para__c: both ? OPEN_FOR_BOTH : OPEN_FOR_MINE,
  };
  if (reason === 'Vidros') {
    payload.Status = 'New';
    payload.Fase__c = 'Aberto';
  }
  return payload;
}

/**
 * Fields the payload must carry before it is sent (002 §5.1). The reference point is optional on the form,
 * so its key must be present but may be empty; every other listed field must be non-empty.
 */
const REQUIRED_PAYLOAD_FIELDS = [
  'Reason',
  'ChaveNaturalContrato__c',
  'Data_Hora_da_ocorrencia__c',
  'Contato_do_condutor__c',
  'CPF_do_condutor__c',
  'Condutor__c',
  'Envolvimento_com_terceiros__c',
  'Ponto_de_referencia__c',
  'Descricao_do_ocorrido__c',
  'QualLocalSinistro__c',
  'Veiculo_esta_se_locomovendo__c',
  'Boletim_realizado__c',
  'Origin',
] as const satisfies readonly (keyof ClaimCasePayload)[];

export function missingClaimPayloadFields(p: Partial<Record<keyof ClaimCasePayload, unknown>>): string[] {
  return REQUIRED_PAYLOAD_FIELDS.filter((k) => {
    const value = p[k];
    if (k === 'Ponto_de_referencia__c') return typeof value !== 'string';
    if (k === 'Data_Hora_da_ocorrencia__c') return typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/.test(value);
    return value === undefined || value === null || (typeof value === 'string' && !value.trim());
  });
}

/** null when complete, else 'Campos obrigatórios faltando: A, B'. */
export function claimPayloadError(p: Partial<Record<keyof ClaimCasePayload, unknown>>): string | null {
  const missing = missingClaimPayloadFields(p);
  return missing.length ? CLAIM_MSG.missingFields(missing) : null;
}
