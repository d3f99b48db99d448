import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../../lib/api';
import { createCase } from '../../../api/create-case';

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
  dados: Record<string, unknown>;
  /** Prepared files: sent first as resumable uploads kept on the device (ADR 093), then the case takes them. */
  files: Array<{ blob: Blob; name: string }>;
  /** What 'Aguardando envio' calls the request's files (the request type's label). */
  titulo: string;
  idempotencyKey: string;
  /** Each file's fraction (0..1) received by the server. */
  onProgress?: (fractions: number[]) => void;
  signal?: AbortSignal;
}

/**
 * Sends a support request: without files one JSON POST; with files the request and its files go to the outbox
 * (lib/uploads/manager.ts), the files as tus uploads, then the case is created with their ids under the same
 * Idempotency-Key. 'guardado': the connection went first, the device sends it when it returns. Throws ApiError with the
 * server's pt-BR message (and `detalhes.DescricaoErroApiExterna` on a duplicate), an AbortError when `signal` aborts.
 */
export async function sendCase({ nCtrId, dados, files, titulo, idempotencyKey, onProgress, signal }: SendCaseVars) {
  if (files.length === 0) return createCase(nCtrId, dados, idempotencyKey);
  const { sendRequest } = await import('../../../lib/uploads/send');
  return sendRequest({
    nCtrId,
    dados,
    files,
    titulo,
    idempotencyKey,
    ...(onProgress ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
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
    onSuccess: (created, vars) => {
      if (created !== 'guardado') void qc.invalidateQueries({ queryKey: caseKeys.list(vars.nCtrId) });
    },
  });
}
