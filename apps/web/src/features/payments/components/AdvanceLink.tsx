import { useId } from 'react';
import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import type { ContractId } from '@guarita/domain';
import { useAdvanceForecast } from '../api/get-advance-forecast';
import { buttonClass } from '../../../components/ui/Button';
import { paths } from '../../../lib/paths';
import styles from './AdvanceLink.module.css';

/**
 * 'Antecipar fatura' that says beforehand when advancing is not possible, with the reason the forecast gives
 * (ADR 002), instead of letting the customer find out on /antecipacao (issue 8).
 */
export function AdvanceLink({ nCtrId, className = buttonClass('secondary') }: { nCtrId: ContractId; className?: string }) {
  // The page showing the link has read the forecast a moment before (it waits for it): the link does not ask again.
  const forecast = useAdvanceForecast(nCtrId, { refetchOnMount: false }).data?.conteudo;
  const id = useId();
  const blocked = forecast && !forecast.elegivel ? forecast.mensagem : null;
  return (
    <span className={styles.advanceLink}>
      <Link className={className} to={paths.advance} aria-describedby={blocked ? id : undefined}>
        <CalendarClock aria-hidden="true" size={18} /> Antecipar fatura
      </Link>
      {blocked && (
        <small id={id} className={styles.note}>
          Indisponível agora: {blocked}
        </small>
      )}
    </span>
  );
}
