import { Fragment, useEffect, useRef, useState } from 'react';
import { MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import L from 'leaflet';
import { Spinner } from '../../../components/ui/Spinner';
import 'leaflet/dist/leaflet.css';
import { MAP_ZOOM, type MapConfigDto, type PositionDto, type TripDto } from '@guarita/domain';

export interface DrawnTrip {
  trip: TripDto;
  colour: string;
}

const pin = (label: string, colour: string, className: string) =>
  L.divIcon({
    className,
    html: `<span style="display:grid;place-items:center;width:26px;height:26px;border-radius:50%;background:${colour};color:#fff;font:700 13px system-ui;border:2px solid #fff;box-shadow:0 1px 4px #0006">${label}</span>`,
    iconSize: [26, 26],
    iconAnchor: [13, 13],
  });

const liveIcon = (ign: boolean) => pin('●', ign ? '#1a7f37' : '#555', 'live-marker');

/** Centres on the vehicle once, when its first position arrives; afterwards the customer pans freely. */
function CentreOnce({ position }: { position: PositionDto | undefined }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (position && !done.current) {
      done.current = true;
      map.setView([position.lat, position.long], MAP_ZOOM);
    }
  }, [map, position]);
  return null;
}

/** A newly selected trip comes into view: the map fits its route. */
function FitNewTrip({ trips }: { trips: DrawnTrip[] }) {
  const map = useMap();
  const shown = useRef(new Set<number>());
  useEffect(() => {
    const ids = new Set(trips.map((t) => t.trip.Id));
    const added = trips.find((t) => !shown.current.has(t.trip.Id));
    shown.current = ids;
    if (added && added.trip.CoordenadasValidas.length > 1)
      map.fitBounds(L.latLngBounds(added.trip.CoordenadasValidas.map((c) => [c.lat, c.long] as [number, number])), { padding: [24, 24] });
  }, [map, trips]);
  return null;
}

/**
 * The map is built in steps, one task each: the page laid out with Leaflet's stylesheet (which came with this module),
 * the map (which measures its box), its tiles, then what is drawn on it.
 */
const STEPS = { layout: 0, map: 1, tiles: 2, drawn: 3 } as const;

/**
 * Mounted at once, Leaflet's map, its tiles and its markers were one task of 60–70 ms on a desktop (four times that on
 * a mid-range phone, where it held up the first tap), a third of it the layout the map's measuring forced; a step per
 * task lets the browser answer in between.
 */
function useSteps(last: number): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step >= last) return;
    const id = setTimeout(() => setStep(step + 1), 0);
    return () => clearTimeout(id);
  }, [step, last]);
  return step;
}

/** Leaflet map: tiles from configuration, selected trips as coloured routes with A/B markers, the live vehicle. */
export default function TripMap({
  config,
  position,
  trips,
}: {
  config: MapConfigDto;
  position: PositionDto | undefined;
  trips: DrawnTrip[];
}) {
  const centre: [number, number] = position ? [position.lat, position.long] : [-19.9191, -43.9386];
  const step = useSteps(STEPS.drawn);
  if (step < STEPS.map) return <Spinner label="Carregando mapa…" />;
  return (
    <MapContainer center={centre} zoom={MAP_ZOOM} style={{ height: '100%', width: '100%' }} aria-label="Mapa do veículo">
      {step >= STEPS.tiles && <TileLayer url={config.tileUrl} attribution={config.attribution} />}
      {step >= STEPS.drawn && <Drawn position={position} trips={trips} />}
    </MapContainer>
  );
}

/** The vehicle and the selected trips, over the tiles. */
function Drawn({ position, trips }: { position: PositionDto | undefined; trips: DrawnTrip[] }) {
  return (
    <>
      <CentreOnce position={position} />
      <FitNewTrip trips={trips} />
      {trips.map(({ trip, colour }) => {
        const line = trip.CoordenadasValidas.map((c) => [c.lat, c.long] as [number, number]);
        const first = line[0];
        const last = line[line.length - 1];
        return (
          <Fragment key={trip.Id}>
            <Polyline positions={line} pathOptions={{ color: colour, weight: 5, opacity: 0.85 }} />
            {first && (
              <Marker position={first} icon={pin('A', colour, 'trip-marker trip-marker-a')} title={`Início: ${trip.EnderecoInicio}`} />
            )}
            {last && <Marker position={last} icon={pin('B', colour, 'trip-marker trip-marker-b')} title={`Fim: ${trip.EnderecoFim}`} />}
          </Fragment>
        );
      })}
      {position && (
        <Marker position={[position.lat, position.long]} icon={liveIcon(position.ign)} title="Posição atual do veículo" zIndexOffset={1000}>
          <Tooltip>{position.ign ? 'Ignição ligada' : 'Ignição desligada'}</Tooltip>
        </Marker>
      )}
    </>
  );
}
