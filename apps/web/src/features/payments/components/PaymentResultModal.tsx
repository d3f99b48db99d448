import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { paths } from '../../../lib/paths';
import { ResultIcon, resultStyles } from './ResultIcon';

export interface PaymentResultModalProps {
  open: boolean;
  title: string;
  subtitle?: string | undefined;
  /** Error look and the error actions ('Fechar' and 'Falar com suporte'). */
  error: boolean;
  onClose: () => void;
  /** The closing button's label (default 'Fechar'), e.g. 'Continuar'. */
  primaryLabel?: string | undefined;
  /** A further line under the subtitle, e.g. the server's own reason. */
  detail?: string | undefined;
  /** Offers 'Tentar novamente' (error modals). */
  onRetry?: (() => void) | undefined;
  /** Error modals offer 'Falar com suporte' (the support area) unless this is false. */
  support?: boolean | undefined;
}

/**
 * The payments result modal of spec 000 §2/§8: a title, a subtitle and an error flag. The error modal
 * offers 'Fechar' and 'Falar com suporte'. Where closing leads (e.g. /pagamentos) is the caller's onClose.
 */
export function PaymentResultModal({
  open,
  title,
  subtitle,
  error,
  onClose,
  primaryLabel,
  detail,
  onRetry,
  support = true,
}: PaymentResultModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      tone={error ? 'error' : 'success'}
      icon={<ResultIcon ok={!error} />}
      onClose={onClose}
      actions={
        <>
          {error && support && (
            <Link className={buttonClass('secondary')} to={paths.support.pattern}>
              Falar com suporte
            </Link>
          )}
          {error && onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              Tentar novamente
            </Button>
          )}
          <Button onClick={onClose} autoFocus>
            {primaryLabel ?? 'Fechar'}
          </Button>
        </>
      }
    >
      {subtitle && <p className={resultStyles.subtitle}>{subtitle}</p>}
      {detail && <p className={resultStyles.detail}>{detail}</p>}
    </Modal>
  );
}

export default PaymentResultModal;
