import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from './client';
import { newIdempotencyKey } from './idempotency-key';

/** No answer (network, timeout) or a server failure: the operation may have happened, so a retry must reuse the key. */
export const isRetryableError = (err: unknown): boolean => err instanceof ApiError && (err.status === 0 || err.status >= 500);

interface Attempt<TVars> {
  key: string;
  /** The variables as sent, to tell a retry of this attempt from a new one (memory only, never stored). */
  sent: string;
  vars: TVars;
}

export interface IdempotentMutationOptions<TData, TVars> {
  mutationFn: (vars: TVars, idempotencyKey: string) => Promise<TData>;
  /** Cache updates after an answer (invalidation lives here, not in components). */
  onSuccess?: (data: TData, vars: TVars) => void;
  /** For calls that answer every outcome as a value: true when that answer leaves the attempt unfinished. */
  isRetryableData?: (data: TData) => boolean;
  /** 0 for variables holding card data: dropped from the mutation cache as soon as nothing observes them. */
  gcTime?: number;
}

export interface SendCallbacks<TData> {
  onSuccess?: (data: TData) => void;
  /** `retryable`: the attempt is unfinished and `retry()` would send it again with the same key. */
  onError?: (err: Error, retryable: boolean) => void;
}

/**
 * A mutation with an Idempotency-Key per attempt (ADR 003): one request at a time (a double click sends one),
 * the same key when the same variables are sent again while the attempt is unfinished (no answer, 5xx), and a
 * new key once an attempt has a final answer or different variables are sent.
 */
export function useIdempotentMutation<TData, TVars>({
  mutationFn,
  onSuccess,
  isRetryableData,
  gcTime,
}: IdempotentMutationOptions<TData, TVars>) {
  const attempt = useRef<Attempt<TVars> | null>(null);
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ vars, key }: { vars: TVars; key: string }) => mutationFn(vars, key),
    onSuccess: (data, { vars }) => onSuccess?.(data, vars),
    ...(gcTime !== undefined ? { gcTime } : {}),
  });

  const send = (vars: TVars, callbacks: SendCallbacks<TData> = {}): boolean => {
    if (inFlight.current) return false;
    inFlight.current = true;
    const sent = JSON.stringify(vars);
    if (!attempt.current || attempt.current.sent !== sent) attempt.current = { key: newIdempotencyKey(), sent, vars };
    const current = attempt.current;
    const settle = (final: boolean) => {
      if (final && attempt.current === current) attempt.current = null;
    };
    mutation.mutate(
      { vars, key: current.key },
      {
        onSuccess: (data) => {
          settle(!isRetryableData?.(data));
          callbacks.onSuccess?.(data);
        },
        onError: (err) => {
          const retryable = isRetryableError(err);
          settle(!retryable);
          callbacks.onError?.(err, retryable);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
    return true;
  };

  /** Sends the unfinished attempt again, with its key. */
  const retry = (callbacks?: SendCallbacks<TData>): boolean => (attempt.current ? send(attempt.current.vars, callbacks) : false);

  return { send, retry, isPending: mutation.isPending, reset: mutation.reset };
}
