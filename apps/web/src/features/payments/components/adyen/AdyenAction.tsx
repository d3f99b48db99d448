import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import { handleAdyenAction, type AdyenClientConfig } from './adyen-web';

interface Props {
  config: AdyenClientConfig;
  /** The `acao.data` of a 202 answer (Adyen's action object as is). */
  action: Record<string, unknown>;
  /** What the component yielded, to post back as `detalhes` (POST …/card-action). */
  onDetails: (details: Record<string, unknown>) => void;
}

export const ADYEN_ACTION_FAILED = 'Não foi possível concluir a autenticação do cartão. Tente novamente.';

/** A 3-D Secure 2 step (fingerprint or the bank's challenge) run by Adyen's component in the page. */
export function AdyenAction({ config, action, onDetails }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const done = useRef(onDetails);
  done.current = onDetails;
  useEffect(() => {
    const node = host.current!;
    const stop = new AbortController();
    handleAdyenAction(node, config, action, stop.signal).then(
      (details) => !stop.signal.aborted && done.current(details),
      () => !stop.signal.aborted && setFailed(true),
    );
    return () => {
      stop.abort();
      node.replaceChildren();
    };
    // The config's values, not its identity (a refetch of the client config must not restart the challenge).
  }, [config.clientKey, config.environment, action]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <div ref={host} role="group" aria-label="Autenticação do cartão (3-D Secure)" />
      {failed && <Alert>{ADYEN_ACTION_FAILED}</Alert>}
    </>
  );
}

export default AdyenAction;
