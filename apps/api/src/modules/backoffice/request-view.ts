import type { CaseRecord, CaseRequest } from '../cases';

/** The case's detail fields as the customer sent them, with the JSON kept as text opened up for reading. */
function readable(details: Record<string, unknown>): Record<string, unknown> {
  const out = { ...details };
  // JSON the payload carries as text (001 §3 JSON_Retorno_Soon__c, the vehicle change's Cotacao__c), opened for reading.
  for (const key of ['JSON_Retorno_Soon__c', 'Cotacao__c']) {
    const raw = details[key];
    if (typeof raw !== 'string') continue;
    try {
      out[key] = JSON.parse(raw) as unknown;
    } catch {
      /* shown as sent */
    }
  }
  return out;
}

/**
 * A support case's request as the staff detail sends it (`solicitacao`): the case columns, then the payload's own
 * fields, under the CRM's names; the console labels them in pt-BR (REQUEST_FIELDS in the domain, issue 30 item 5).
 */
export function requestAsSent(c: CaseRecord, request: CaseRequest | null): Record<string, unknown> {
  return {
    Reason: c.Reason,
    Subject: c.Subject,
    Description: c.Description,
    TelefoneContato__c: request?.contactPhone ?? null,
    Solicitante__c: request?.requester ?? null,
    Origin: request?.origin ?? null,
    AceiteTermosCondicoes__c: request?.termsAccepted ?? null,
    ...readable(request?.details ?? {}),
  };
}
