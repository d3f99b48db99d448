import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { TRIPS_LOAD_MORE_PX, TRIPS_MSG, lastCommunicationText, type TripDto } from '@guarita/domain';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import type { SelectedContractDto } from '../../../hooks/use-selected-contract';
import { SelectedContractGuard } from '../../common';
import { VehicleSelector } from '../../shell';
import { useDeleteTrip, useMapConfig, usePosition, useTrips } from '../api/trips';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { TripCard } from './TripCard';
import s from './TripsPage.module.css';
import { Skeleton } from '../../../components/ui/Skeleton';
import { QueryError } from '../../../components/ui/QueryError';

// Leaflet is only ever downloaded on this route, and only once the first screen is painted (see `mapWanted`).
const TripMap = lazy(() => import('./TripMap'));

/** A random, readable route colour (the spec draws each selected trip in a random colour). */
const randomColour = () => `hsl(${Math.floor(Math.random() * 360)} 75% 40%)`;

/** /mapa 'Minhas Viagens': the live vehicle and the trips list, for contracts with a tracker. */
export function TripsPage() {
  return <SelectedContractGuard>{(contract) => <Trips c={contract} />}</SelectedContractGuard>;
}

function Trips({ c }: { c: SelectedContractDto }) {
  const tracked = c.possuiDispositivo ?? false;

  return (
    <div>
      <PageTitle>Minhas Viagens</PageTitle>
      <VehicleSelector navigateTo={paths.map} />
      {tracked ? (
        <TrackedVehicle key={c.nCtrId} nCtrId={c.nCtrId} />
      ) : (
        <section className="card" aria-labelledby="sem-rastreador">
          <h2 id="sem-rastreador">Este veículo não tem rastreador</h2>
          <p>
            O mapa com a posição do veículo e o histórico de viagens ficam disponíveis para contratos com rastreador instalado. Escolha
            outro veículo acima ou fale com o <Link to={paths.support.pattern}>suporte</Link> para contratar o rastreamento.
          </p>
        </section>
      )}
    </div>
  );
}

function TrackedVehicle({ nCtrId }: { nCtrId: number }) {
  const trips = useTrips(nCtrId, true);
  const position = usePosition(nCtrId, true);
  const mapConfig = useMapConfig();
  const del = useDeleteTrip(nCtrId);
  const [colours, setColours] = useState<Map<number, string>>(new Map());
  const [confirm, setConfirm] = useState<TripDto | null>(null);
  const [deleteError, setDeleteError] = useState(false);

  const all = useMemo(() => trips.data?.pages.flatMap((p) => p.Itens) ?? [], [trips.data]);
  const drawn = all.filter((t) => colours.has(t.Id)).map((trip) => ({ trip, colour: colours.get(trip.Id)! }));

  const toggle = useCallback(
    ({ Id: id }: TripDto) =>
      setColours((prev) => {
        const next = new Map(prev);
        if (next.has(id)) next.delete(id);
        else next.set(id, randomColour());
        return next;
      }),
    [],
  );
  // The first screen is the vehicle's status line and the trips (or their errors). Leaflet (45 KB gzip) and its
  // map's start-up come after that paint, in the box kept for them, so they do not hold it back (ADR 025).
  // A first attempt that failed counts: the map does not wait for the retries.
  const settled = (q: { isPending: boolean; failureCount: number }) => !q.isPending || q.failureCount > 0;
  const mapWanted = useAfterPaint(settled(position) && settled(trips));

  // The list grows with the page (no scroll box of its own inside the scrolling page): the next trips load when its end
  // comes within TRIPS_LOAD_MORE_PX of the screen.
  const loadMore = () => {
    if (trips.hasNextPage && !trips.isFetchingNextPage) void trips.fetchNextPage();
  };

  const remove = async () => {
    if (!confirm) return;
    setDeleteError(false);
    try {
      await del.mutateAsync(confirm.Id);
      setColours((prev) => {
        const next = new Map(prev);
        next.delete(confirm.Id);
        return next;
      });
      setConfirm(null);
    } catch {
      setDeleteError(true);
    }
  };

  const pos = position.data;
  return (
    <div className={s.layout}>
      {/* Sticky: the map stays on screen while the trips scroll under it, so a trip chosen lower down is drawn in view. */}
      <section aria-label="Mapa" className={s.mapPanel}>
        <div className={s.map}>
          {mapConfig.data && mapWanted ? (
            <Suspense fallback={<Spinner label="Carregando mapa…" />}>
              <TripMap config={mapConfig.data} position={pos} trips={drawn} />
            </Suspense>
          ) : (
            <Spinner label="Carregando mapa…" />
          )}
        </div>
        {position.isError && !pos && <Alert>{TRIPS_MSG.positionFailed}</Alert>}
        {/* Its line is kept while the position loads: the trips below do not move when it arrives (CLS). */}
        {pos ? (
          <p className={s.status} role="status">
            {pos.ign ? 'Ignição ligada' : 'Ignição desligada'} · {lastCommunicationText(pos.minutesSinceLastCommunication)}
          </p>
        ) : (
          !position.isError && <p className={`${s.status} muted`}>Buscando a posição do veículo…</p>
        )}
        {pos?.silent && (
          <Alert>
            <span className={s.warning}>Seu rastreador está sem comunicação há mais de 24 horas.</span> Verifique o veículo e fale com o{' '}
            <Link to={paths.support.pattern}>suporte</Link> para checarmos o equipamento.
          </Alert>
        )}
      </section>
      <section className={s.listPanel} aria-labelledby="viagens">
        <div className={s.toolbar}>
          <h2 id="viagens">Viagens</h2>
          <Button variant="secondary" onClick={() => setColours(new Map())} disabled={colours.size === 0}>
            Limpar
          </Button>
        </div>
        {trips.isLoading && <Skeleton lines={3} label="Carregando viagens…" />}
        {trips.isError && !trips.data && (
          <QueryError error={trips.error} message={TRIPS_MSG.loadFailed} onRetry={trips.refetch} retrying={trips.isFetching} />
        )}
        {trips.isSuccess && all.length === 0 && <p>Nenhuma viagem registrada.</p>}
        {all.length > 0 && (
          <ul className={s.list} aria-label="Lista de viagens">
            {all.map((t) => (
              <TripCard key={t.Id} trip={t} colour={colours.get(t.Id)} onToggle={toggle} onDelete={setConfirm} />
            ))}
            {trips.hasNextPage && <NearTheEnd count={all.length} onReached={loadMore} />}
            {trips.isFetchingNextPage && (
              <li>
                <Spinner label="Carregando mais viagens…" />
              </li>
            )}
          </ul>
        )}
      </section>
      <Modal
        open={confirm !== null}
        title="Excluir viagem?"
        onClose={() => setConfirm(null)}
        actions={
          <>
            <Button loading={del.isPending} onClick={() => void remove()}>
              Excluir
            </Button>
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              Cancelar
            </Button>
          </>
        }
      >
        <p>A viagem será removida do seu histórico para sempre.</p>
        {deleteError && <Alert>{TRIPS_MSG.deleteFailed}</Alert>}
      </Modal>
    </div>
  );
}

/**
 * The list's end: `onReached` when it comes within TRIPS_LOAD_MORE_PX of the screen, asked again after each page
 * (`count`): a page that leaves the end still in view loads the next one too.
 */
function NearTheEnd({ count, onReached }: { count: number; onReached: () => void }) {
  const ref = useRef<HTMLLIElement>(null);
  const latest = useRef(onReached);
  useEffect(() => {
    latest.current = onReached;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      rootMargin: `0px 0px ${TRIPS_LOAD_MORE_PX}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [count]);
  return <li ref={ref} className={s.end} aria-hidden="true" />;
}

export default TripsPage;
