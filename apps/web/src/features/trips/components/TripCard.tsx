import { memo } from 'react';
import { formatInstantWithTime, formatKm, type TripDto } from '@guarita/domain';
import s from './TripsPage.module.css';
import { buttonClass } from '../../../components/ui/Button';

const time = (iso: string) => formatInstantWithTime(iso);

/**
 * One trip of the list. Memoized, with callbacks that take the trip: the live position's answer every 5 s
 * re-renders the page, and the cards (10 to hundreds) have not changed.
 */
export const TripCard = memo(function TripCard({
  trip,
  colour,
  onToggle,
  onDelete,
}: {
  trip: TripDto;
  colour: string | undefined;
  onToggle: (trip: TripDto) => void;
  onDelete: (trip: TripDto) => void;
}) {
  const selected = colour !== undefined;
  return (
    <li
      className={`${s.trip} ${selected ? s.tripSelected : ''}`}
      style={selected ? { borderLeftColor: colour } : undefined}
      aria-label={`Viagem de ${time(trip.DataHoraInicio)}`}
    >
      <button type="button" className={s.select} aria-pressed={selected} onClick={() => onToggle(trip)}>
        <span className={s.tripHeader}>
          <strong>
            {time(trip.DataHoraInicio)} → {time(trip.DataHoraFim).slice(-5)}
          </strong>
        </span>
        <span className={s.address}>
          <span aria-hidden="true">A</span> {trip.EnderecoInicio}
        </span>
        <br />
        <span className={s.address}>
          <span aria-hidden="true">B</span> {trip.EnderecoFim}
        </span>
        <span className={s.figures}>
          <span>{formatKm(trip.totalDistance)} km</span>
          <span>média {trip.mediumVelocity} km/h</span>
          <span>máx. {trip.maximumVelocity} km/h</span>
        </span>
      </button>
      <button type="button" className={buttonClass('link')} onClick={() => onDelete(trip)}>
        Excluir viagem
      </button>
    </li>
  );
});
