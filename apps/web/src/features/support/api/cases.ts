import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type CaseCreatedDto } from '@guarita/domain';
import { api, ApiError, unwrap, type ApiErrorDetails } from '../../../lib/api';
import { ensureFresh, getTokens } from '../../../lib/session';

import { caseKeys } from '../../../api/keys';

export { caseKeys };

/** GET /api/cases/contracts/{nCtrId}: 'Minhas solicitações' of one contract. */
export const getCases = (nCtrId: number) => unwrap(api.GET('/api/cases/contracts/{nCtrId}', { params: { path: { nCtrId } } }));
/** GET /api/cases/{caseId}: one case with its attachments (opening it marks it read). */
export const getCaseDetail = (caseId: string) => unwrap(api.GET('/api/cases/{caseId}', { params: { path: { caseId } } }));
/** GET /api/cases/{caseId}/comments. */
export const getCaseComments = (caseId: string) => unwrap(api.GET('/api/cases/{caseId}/comments', { params: { path: { caseId } } }));

export const casesQuery = (nCtrId: number) => queryOptions({ queryKey: caseKeys.list(nCtrId), queryFn: () => getCases(nCtrId) });
export const useCases = (nCtrId: number | undefined) => useQuery({ ...casesQuery(nCtrId ?? 0), enabled: nCtrId !== undefined });

export const useCaseDetail = (caseId: string | null) =>
  useQuery({
    queryKey: caseKeys.detail(caseId ?? ''),
    queryFn: () => getCaseDetail(caseId ?? ''),
    enabled: caseId !== null,
  });

export const useCaseComments = (caseId: string | null) =>
  useQuery({
    queryKey: caseKeys.comments(caseId ?? ''),
    queryFn: () => getCaseComments(caseId ?? ''),
    enabled: caseId !== null,
  });

/**
 * POST /api/cases/{caseId}/comments: the customer's answer to the desk. The answer (every comment) goes into the open
 * case's detail at once; the detail is then read again for its timeline.
 */
export function useReplyToCase(caseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (texto: string) => unwrap(api.POST('/api/cases/{caseId}/comments', { params: { path: { caseId } }, body: { texto } })),
    onSuccess: ({ comentarios }) => {
      qc.setQueryData(caseKeys.detail(caseId), (d: Awaited<ReturnType<typeof getCaseDetail>> | undefined) => d && { ...d, comentarios });
      void qc.invalidateQueries({ queryKey: caseKeys.detail(caseId) });
    },
  });
}

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

/** Downloads one attachment through the API client (the API sends it as an attachment) and saves it. */
export async function downloadAttachment(caseId: string, attachmentId: string, filename: string) {
  const { data, response } = await api.GET('/api/cases/{caseId}/attachments/{attachmentId}', {
    params: { path: { caseId, attachmentId } },
    parseAs: 'blob',
  });
  if (!response.ok || !data) throw new ApiError(response.status, 'HTTP_' + response.status, 'Arquivo não encontrado.');
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Sends a case; on success the contract's case list is refreshed here (ADR 020: invalidation in the hook). */
export function useSendCase() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendCase,
    onSuccess: (_created, vars) => qc.invalidateQueries({ queryKey: caseKeys.list(vars.nCtrId) }),
  });
}
