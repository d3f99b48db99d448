import { formatInstantWithTime, type TripDto } from '@guarita/domain';
import s from './TripsPage.module.css';
import { buttonClass } from '../../../components/ui/Button';

const time = (iso: string) => formatInstantWithTime(iso);
const km = (n: number) => n.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function TripCard({
  trip,
  colour,
  onToggle,
  onDelete,
}: {
  trip: TripDto;
  colour: string | undefined;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const selected = colour !== undefined;
  return (
    <li
      className={`${s.trip} ${selected ? s.tripSelected : ''}`}
      style={selected ? { borderLeftColor: colour } : undefined}
      aria-label={`Viagem de ${time(trip.DataHoraInicio)}`}
    >
      <button type="button" className={s.select} aria-pressed={selected} onClick={onToggle}>
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
          <span>{km(trip.totalDistance)} km</span>
          <span>média {trip.mediumVelocity} km/h</span>
          <span>máx. {trip.maximumVelocity} km/h</span>
        </span>
      </button>
      <button type="button" className={buttonClass('link')} onClick={onDelete}>
        Excluir viagem
      </button>
    </li>
  );
}
