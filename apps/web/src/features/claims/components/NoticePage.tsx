import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CLAIM_MSG } from '@guarita/domain';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { paths } from '../../../lib/paths';
import { usePublicConfig } from '../../../api/get-public-config';
import { SelectedContractGuard } from '../../common';
import s from './Claims.module.css';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** /aviso and /aviso/{nCtrId} (002 §2.1): the false-information warning, the accident checklist, the theft line, then the form. */
export default function NoticePage() {
  return (
    <div className={s.page}>
      <PageTitle>SINISTRO</PageTitle>
      <SelectedContractGuard>{(c) => <Notice key={c.nCtrId} nCtrId={c.nCtrId} />}</SelectedContractGuard>
    </div>
  );
}

function Notice({ nCtrId }: { nCtrId: number }) {
  const navigate = useNavigate();
  const config = usePublicConfig();
  const [agreed, setAgreed] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const theft = config.data?.phoneTheft;
  const onContinue = () => {
    if (!agreed) {
      setAlert(CLAIM_MSG.mustAgree);
      return;
    }
    void navigate(paths.claims.to(nCtrId));
  };
  return (
    <>
      <p>
        Contrato nº <strong>{nCtrId}</strong>
      </p>
      <section className="card" aria-labelledby="roubo">
        <h2 id="roubo">Roubo ou furto?</h2>
        <p>Não preencha o formulário: ligue agora para a central de roubo e furto, que atende 24 horas.</p>
        {theft && (
          <a className={buttonClass('primary')} href={telHref(theft)}>
            Ligar para {theft}
          </a>
        )}
      </section>
      <section className="card" aria-labelledby="checklist">
        <h2 id="checklist">Antes de tudo</h2>
        <ol className={s.checklist}>
          <li>Sinalize o local (pisca-alerta e triângulo) e afaste-se do trânsito.</li>
          <li>Se houver feridos, ligue 192 (SAMU) ou 193 (Bombeiros); em caso de crime, ligue 190.</li>
          <li>Não deixe o local sem anotar o nome, o telefone e a placa dos envolvidos.</li>
          <li>Fotografe o veículo de frente, de trás, dos dois lados, o painel e cada dano de perto.</li>
          <li>Registre o boletim de ocorrência e guarde o PDF: ele será pedido no envio das fotos.</li>
        </ol>
      </section>
      <section className="card" aria-labelledby="aviso">
        <h2 id="aviso">Aviso importante</h2>
        <p className={s.warning}>
          Informações falsas, incompletas ou o uso desta área para testes podem levar à perda do direito à indenização e à cobrança dos
          custos envolvidos, além das medidas legais cabíveis.
        </p>
        <Checkbox label={CLAIM_MSG.agree} checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        {alert && !agreed && <Alert>{alert}</Alert>}
        <div className={s.actions}>
          <Button aria-disabled={!agreed} className={agreed ? undefined : s.softDisabled} onClick={onContinue}>
            Continuar
          </Button>
        </div>
      </section>
    </>
  );
}
