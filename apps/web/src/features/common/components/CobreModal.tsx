import { formatPhoneBR } from '@guarita/domain';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';

export interface CobreContact {
  nome: string;
  telefone: string;
  whatsapp: string;
  executive: boolean;
}

/**
 * COBRE plans cannot change plan or vehicle online (001 §2 'Plans that cannot change online'): the sales executive
 * (by slpCode; the support line for flagged codes) and a messaging link. Used by Meu plano and the plan change.
 */
export function CobreModal({ open, contact, onClose }: { open: boolean; contact: CobreContact | null; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title="Alteração indisponível online"
      onClose={onClose}
      actions={
        <>
          {contact && (
            <a className={buttonClass('primary')} href={contact.whatsapp} target="_blank" rel="noopener noreferrer">
              Falar pelo WhatsApp
            </a>
          )}
          <Button variant="secondary" onClick={onClose}>
            Fechar
          </Button>
        </>
      }
    >
      <p>O seu plano não permite trocar de plano ou de veículo pela área do cliente. Entre em contato para fazer a alteração.</p>
      {contact && (
        <p>
          {contact.executive ? 'Seu executivo de vendas: ' : ''}
          <strong>{contact.nome}</strong>
          <br />
          Telefone: {formatPhoneBR(contact.telefone)}
        </p>
      )}
    </Modal>
  );
}
