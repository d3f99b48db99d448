import { useId } from 'react';
import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import { useAdvanceForecast } from '../api/get-advance-forecast';

/**
 * 'Antecipar fatura' that says beforehand when advancing is not possible, with the reason the forecast gives
 * (ADR 002), instead of letting the customer find out on /antecipacao (issue 8).
 */
export function AdvanceLink({ nCtrId, className = 'btn btn-secondary' }: { nCtrId: number; className?: string }) {
  const forecast = useAdvanceForecast(nCtrId).data?.conteudo;
  const id = useId();
  const blocked = forecast && !forecast.elegivel ? forecast.mensagem : null;
  return (
    <span className="advance-link">
      <Link className={className} to="/antecipacao" aria-describedby={blocked ? id : undefined}>
        <CalendarClock aria-hidden="true" size={18} /> Antecipar fatura
      </Link>
      {blocked && (
        <small id={id} className="advance-link-note">
          Indisponível agora: {blocked}
        </small>
      )}
    </span>
  );
}
