import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { PageTitle } from '../../../components/ui/PageTitle';
import { usePublicConfig } from '../../../api/get-public-config';
import styles from './SupportPage.module.css';

/** The step after 'Já falei com a equipe' (001 §2's 48h, without claiming the page sent anything). */
export const EXTRA_SERVICES_AFTER_CONTACT =
  'Se você contratou o serviço na conversa com a nossa equipe, a ativação acontece em até 48h. Ainda não falou com ela? Use o WhatsApp ou o telefone.';

/** /servicos-adicionais: tow truck and 24h assistance are acquired by contact, not through a case (001 §1, §2). */
export function AdditionalServicesPage() {
  const cfg = usePublicConfig().data;
  const brand = cfg?.brandName ?? 'Guarita';
  const phone = cfg?.supportPhone ?? '4000 1762';
  const digits = phone.replace(/\D/g, '');
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <div className={styles.page}>
      <PageTitle>Serviços adicionais</PageTitle>
      <section className="card">
        <p>
          Guincho e assistência 24h podem ser adicionados ao seu plano. Eles não são pedidos por uma solicitação: fale com a nossa equipe
          pelo WhatsApp ou por telefone e contrate na hora.
        </p>
        {/* Nothing is recorded by this page: the service is hired in the conversation, so the step after it says what
            happens then, not that a request was sent (issue 24 item 16, ADR 061). The contact stays at hand. */}
        {sent && <Alert kind="info">{EXTRA_SERVICES_AFTER_CONTACT}</Alert>}
        <Button variant={sent ? 'secondary' : 'primary'} onClick={() => setOpen(true)}>
          Falar com a {brand}
        </Button>
      </section>
      <Modal
        open={open}
        title={`Falar com a ${brand}`}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button
              onClick={() => {
                setOpen(false);
                setSent(true);
              }}
            >
              Já falei com a equipe
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Fechar
            </Button>
          </>
        }
      >
        <p>Escolha como prefere falar com a gente:</p>
        <p>
          <a className={buttonClass('primary')} href={`https://wa.me/55${digits}`} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>{' '}
          <a className={buttonClass('secondary')} href={`tel:${digits}`}>
            Ligar para {phone}
          </a>
        </p>
      </Modal>
    </div>
  );
}

export default AdditionalServicesPage;
