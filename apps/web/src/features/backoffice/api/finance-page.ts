import { infiniteQueryOptions } from '@tanstack/react-query';

/** A financeiro desk list: newest first, one keyset page after another ('Carregar mais'), filtered by status. */
export function deskList<P extends { proximo: string | null }>(key: readonly unknown[], fetchPage: (cursor?: string) => Promise<P>) {
  return infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: P) => last.proximo ?? undefined,
  });
}

export const statusQuery = (name: string, value: string | undefined): Record<string, string> => (value ? { [name]: value } : {});
