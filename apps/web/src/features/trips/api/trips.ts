import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { POSITION_REFRESH_MS } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';
import { tripKeys } from './keys';

export { tripKeys };

/** GET /api/trips/contracts/{nCtrId}[?pagina=…]: pages of 10 (Itens, PossuiProximaPagina, ProximaPagina). */
export const getTripPage = (nCtrId: number, pagina: string | null) =>
  unwrap(api.GET('/api/trips/contracts/{nCtrId}', { params: { path: { nCtrId }, query: pagina ? { pagina } : {} } }));

export const tripsQuery = (nCtrId: number) =>
  infiniteQueryOptions({
    queryKey: tripKeys.list(nCtrId),
    queryFn: ({ pageParam }) => getTripPage(nCtrId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.PossuiProximaPagina ? last.ProximaPagina : undefined),
  });

export const useTrips = (nCtrId: number | undefined, enabled: boolean) =>
  useInfiniteQuery({ ...tripsQuery(nCtrId ?? 0), enabled: enabled && nCtrId !== undefined });

/** DELETE /api/trips/{id}: the trip disappears from every loaded page. */
export function useDeleteTrip(nCtrId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tripId: number) => unwrap(api.DELETE('/api/trips/{tripId}', { params: { path: { tripId } } })),
    onSuccess: (_void, tripId) => {
      qc.setQueryData(tripsQuery(nCtrId).queryKey, (data) =>
        data ? { ...data, pages: data.pages.map((p) => ({ ...p, Itens: p.Itens.filter((t) => t.Id !== tripId) })) } : data,
      );
    },
  });
}

/** The live position every 5 s; TanStack Query pauses the interval while the tab is hidden. */
export const positionQuery = (nCtrId: number) =>
  queryOptions({
    queryKey: tripKeys.position(nCtrId),
    queryFn: () => unwrap(api.GET('/api/trips/contracts/{nCtrId}/position', { params: { path: { nCtrId } } })),
    refetchInterval: POSITION_REFRESH_MS,
    refetchIntervalInBackground: false,
    retry: 1,
  });

export const usePosition = (nCtrId: number | undefined, enabled: boolean) =>
  useQuery({ ...positionQuery(nCtrId ?? 0), enabled: enabled && nCtrId !== undefined });

export const useMapConfig = () =>
  useQuery({ queryKey: tripKeys.mapConfig(), queryFn: () => unwrap(api.GET('/api/trips/map-config')), staleTime: Infinity });
