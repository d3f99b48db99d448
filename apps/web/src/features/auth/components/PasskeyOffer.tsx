import { useState } from 'react';
import { PASSKEY_MSG } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { declinePasskey } from '../api/passkey-device';
import { registerPasskey } from '../api/passkey-register';
import { passkeyErrorText } from './passkey-errors';
import { focusOnMount } from './focus-on-mount';
import styles from './LoginPage.module.css';

/**
 * After a code login (issue 31): 'Entrar com biometria neste aparelho' — a passkey of this device, so the next login
 * needs no code. 'Agora não' goes on and is not asked again on this browser (Cadastro still offers it).
 */
export function PasskeyOffer({ onDone }: { onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState(false);

  const activate = () => {
    setBusy(true);
    setError(undefined);
    registerPasskey().then(
      () => {
        setBusy(false);
        setCreated(true);
      },
      (err: unknown) => {
        setBusy(false);
        setError(passkeyErrorText(err, PASSKEY_MSG.cancelled));
      },
    );
  };

  if (created)
    return (
      <div>
        <Alert kind="success">{PASSKEY_MSG.created}</Alert>
        <Button ref={(el) => el?.focus()} onClick={onDone}>
          Continuar
        </Button>
      </div>
    );

  return (
    <div>
      <h2 ref={focusOnMount} tabIndex={-1}>
        {PASSKEY_MSG.offerTitle}
      </h2>
      <p>{PASSKEY_MSG.offerText}</p>
      {error && <Alert>{error}</Alert>}
      <div className={styles.offerActions}>
        <Button onClick={activate} loading={busy}>
          Ativar biometria
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            declinePasskey();
            onDone();
          }}
        >
          Agora não
        </Button>
      </div>
    </div>
  );
}

export default PasskeyOffer;
