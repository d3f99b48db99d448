import { NO_ONLINE_VEHICLE_CHANGE_MSG } from '@guarita/domain';
import { usePublicConfig } from '../../../api/get-public-config';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';

/**
 * COBRE plans cannot change the vehicle online (001 §2): a modal pointing to a messaging link. The plan-change
 * screen has its own, with the sales executive; this one offers the support line's WhatsApp.
 */
export function NoOnlineChangeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const phone = usePublicConfig().data?.supportPhone ?? '4000 1762';
  return (
    <>
      <p>{NO_ONLINE_VEHICLE_CHANGE_MSG}</p>
      <Modal
        open={open}
        title="Alteração indisponível pelo site"
        onClose={onClose}
        actions={
          <>
            <a
              className={buttonClass('primary')}
              href={`https://wa.me/55${phone.replace(/\D/g, '')}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Falar pelo WhatsApp
            </a>
            <Button variant="secondary" onClick={onClose}>
              Voltar
            </Button>
          </>
        }
      >
        <p>{NO_ONLINE_VEHICLE_CHANGE_MSG}</p>
      </Modal>
    </>
  );
}
