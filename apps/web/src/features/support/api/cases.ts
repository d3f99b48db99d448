import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type CaseCommentsDto, type CaseCreatedDto, type CaseDetailDto, type CaseListDto } from '@guarita/domain';
import { ApiError } from '../../../lib/api/client';
import { getTokens, needsRefresh, refresh } from '../../../lib/session';

type ApiErrorDetails = Record<string, string | number | null | undefined>;

/** A fresh access token before a call (refresh when < 300 s left), as the shared client does. */
async function ensureFresh(): Promise<boolean> {
  if (!getTokens()) return false;
  return needsRefresh() ? refresh() : true;
}

/** GET through the session's token; the server's pt-BR message on failure. */
async function api<T>(path: string): Promise<T> {
  if (!(await ensureFresh())) throw new ApiError(401, 'UNAUTHORIZED', MSG.sessionExpired);
  const token = getTokens()?.AccessToken;
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(90_000) });
  const body = (await res.json().catch(() => null)) as { erro?: string; mensagem?: string } | null;
  if (!res.ok) throw new ApiError(res.status, body?.erro ?? `HTTP_${res.status}`, body?.mensagem ?? MSG.unexpected);
  return body as T;
}

/** Query keys of the support feature: one factory, so mutations invalidate exactly what they change. */
export const caseKeys = {
  all: ['cases'] as const,
  list: (nCtrId: number) => ['cases', 'contract', nCtrId] as const,
  detail: (caseId: string) => ['cases', 'detail', caseId] as const,
  comments: (caseId: string) => ['cases', 'detail', caseId, 'comments'] as const,
};

export const casesQuery = (nCtrId: number) =>
  queryOptions({ queryKey: caseKeys.list(nCtrId), queryFn: () => api<CaseListDto>(`/api/cases/contracts/${nCtrId}`) });
export const useCases = (nCtrId: number | undefined) => useQuery({ ...casesQuery(nCtrId ?? 0), enabled: nCtrId !== undefined });

export const useCaseDetail = (caseId: string | null) =>
  useQuery({
    queryKey: caseKeys.detail(caseId ?? ''),
    queryFn: () => api<CaseDetailDto>(`/api/cases/${caseId}`),
    enabled: caseId !== null,
  });

export const useCaseComments = (caseId: string | null) =>
  useQuery({
    queryKey: caseKeys.comments(caseId ?? ''),
    queryFn: () => api<CaseCommentsDto>(`/api/cases/${caseId}/comments`),
    enabled: caseId !== null,
  });

/** Opening a case marks it read on the server: refresh the list's unread markers. */
export function useInvalidateCases() {
  const qc = useQueryClient();
  return (nCtrId: number) => qc.invalidateQueries({ queryKey: caseKeys.list(nCtrId) });
}

export interface SendCaseVars {
  nCtrId: number;
  dados: unknown;
  files: Blob[];
  idempotencyKey: string;
  /** 0..1 of the bytes sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/cases/contracts/{nCtrId} as multipart (request JSON in `dados`, files in `arquivos`) through
 * XMLHttpRequest, the one browser API that reports upload progress. Throws ApiError with the server's
 * pt-BR message (and `detalhes.DescricaoErroApiExterna` on a duplicate).
 */
export async function sendCase({ nCtrId, dados, files, idempotencyKey, onProgress, signal }: SendCaseVars): Promise<CaseCreatedDto> {
  if (!(await ensureFresh())) throw new ApiError(401, 'UNAUTHORIZED', MSG.sessionExpired);
  const form = new FormData();
  form.append('dados', JSON.stringify(dados));
  files.forEach((f, i) => form.append('arquivos', f, `arquivo-${i + 1}`));
  const token = getTokens()?.AccessToken;
  return new Promise<CaseCreatedDto>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/cases/contracts/${nCtrId}`);
    xhr.timeout = 90_000;
    xhr.setRequestHeader('idempotency-key', idempotencyKey);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { mensagem?: string; erro?: string; detalhes?: ApiErrorDetails } | CaseCreatedDto | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 201 && body) return resolve(body as CaseCreatedDto);
      const err = (body ?? {}) as { mensagem?: string; erro?: string; detalhes?: ApiErrorDetails };
      // No envelope (a proxy's page, a cut answer): an empty message, so the screen picks the form's own text.
      reject(new ApiError(xhr.status, err.erro ?? `HTTP_${xhr.status}`, err.mensagem ?? '', err.detalhes));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', MSG.connection));
    xhr.ontimeout = () => reject(new ApiError(0, 'TIMEOUT', MSG.connection));
    xhr.onabort = () => reject(new DOMException('Envio cancelado.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    onProgress?.(0);
    xhr.send(form);
  });
}

/** Downloads one attachment with the session's token and opens it (the API sends it as an attachment). */
export async function downloadAttachment(caseId: string, attachmentId: string, filename: string) {
  if (!(await ensureFresh())) throw new ApiError(401, 'UNAUTHORIZED', MSG.sessionExpired);
  const token = getTokens()?.AccessToken;
  const res = await fetch(`/api/cases/${caseId}/attachments/${attachmentId}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new ApiError(res.status, 'HTTP_' + res.status, 'Arquivo não encontrado.');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
