import { useState } from 'react';
import { CARD_BRAND_LABEL, PAYMENT_MSG, formatMoney, type CardBrand } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';

interface Props {
  /** The `acao.data` of a 202 from the card sandbox: its challenge address, the amount and the card's brand and last digits. */
  data: Record<string, unknown>;
  /** What the challenge yielded, to post back as `detalhes` (POST …/card-action). */
  onDetails: (details: Record<string, unknown>) => void;
}

/**
 * The card sandbox's 3-D Secure challenge (the "bank" page a real issuer shows): the customer confirms or refuses,
 * the sandbox records the answer and hands back an opaque `threeDSResult`, which our API passes to the sandbox to
 * finish the payment. The answer goes to the sandbox's own address, never to our API.
 */
export function SandboxChallenge({ data, onDetails }: Props) {
  const [busy, setBusy] = useState<'Y' | 'N' | null>(null);
  const [failed, setFailed] = useState(false);
  const url = typeof data.challengeUrl === 'string' && data.challengeUrl.startsWith('/sandbox/3ds/') ? data.challengeUrl : null;
  const amount = typeof data.amount === 'number' ? data.amount : 0;
  const brand = typeof data.brand === 'string' && data.brand in CARD_BRAND_LABEL ? CARD_BRAND_LABEL[data.brand as CardBrand] : 'Cartão';
  const last4 = typeof data.last4 === 'string' ? data.last4 : '';

  const answer = async (resultado: 'Y' | 'N') => {
    if (!url || busy) return;
    setBusy(resultado);
    setFailed(false);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ resultado }),
        credentials: 'omit',
      });
      const body = (await res.json()) as { threeDSResult?: unknown };
      if (!res.ok || typeof body.threeDSResult !== 'string') throw new Error('challenge');
      onDetails({ threeDSResult: body.threeDSResult });
    } catch {
      setFailed(true);
      setBusy(null);
    }
  };

  return (
    <div role="group" aria-label="Autenticação do cartão (3-D Secure)">
      <p>
        <strong>Banco emissor (simulação do sandbox)</strong>
      </p>
      <p>
        {amount > 0 ? (
          <>
            Confirme a compra de <strong>{formatMoney(amount)}</strong> no cartão {brand} final {last4}.
          </>
        ) : (
          <>
            Confirme o cadastro do cartão {brand} final {last4}.
          </>
        )}
      </p>
      {(failed || !url) && <Alert>{PAYMENT_MSG.card3dsFailed}</Alert>}
      <p>
        <Button type="button" onClick={() => void answer('Y')} loading={busy === 'Y'} disabled={!url || busy !== null}>
          Confirmar
        </Button>{' '}
        <Button type="button" variant="secondary" onClick={() => void answer('N')} loading={busy === 'N'} disabled={!url || busy !== null}>
          Recusar
        </Button>
      </p>
    </div>
  );
}
