import { lazy, Suspense } from 'react';
import { PAYMENT_MSG } from '@guarita/domain';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { useCardClientConfig } from '../api/card-client-config';
import { SandboxChallenge } from '../card-encryption';
import { loadAdyenAction } from './adyen';

const AdyenAction = lazy(async () => ({ default: (await loadAdyenAction()).AdyenAction }));

export interface CardAction {
  provider: 'sandbox' | 'adyen';
  data: Record<string, unknown>;
}

interface Props {
  action: CardAction;
  /** The provider's details, to post to POST …/card-action. */
  onDetails: (details: Record<string, unknown>) => void;
  /** The customer closed the dialog without finishing (the payment stays unfinished and expires). */
  onCancel: () => void;
}

/**
 * A 3-D Secure step asked by the card provider (a 202 answer), in a dialog: the provider's own browser code runs it,
 * chosen by `action.provider` — the sandbox's challenge, or Adyen's component.
 */
export function CardActionDialog({ action, onDetails, onCancel }: Props) {
  const config = useCardClientConfig();
  return (
    <Modal open title={PAYMENT_MSG.card3dsTitle} onClose={onCancel}>
      {action.provider === 'sandbox' ? (
        <SandboxChallenge data={action.data} onDetails={onDetails} />
      ) : config.data?.provider === 'adyen' ? (
        <Suspense fallback={<Spinner />}>
          <AdyenAction config={config.data} action={action.data} onDetails={onDetails} />
        </Suspense>
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}
