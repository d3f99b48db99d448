import { useEffect, useState } from 'react';
import { PASSKEY_MSG, formatInstantWithTime, type PasskeyDto } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { QueryError } from '../../../components/ui/QueryError';
import { Skeleton } from '../../../components/ui/Skeleton';
import { passkeyErrorText, platformPasskeyAvailable } from '../../auth';
import { useAddPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/list-passkeys';
import { useRemovePasskey } from '../api/remove-passkey';
import styles from './PasskeysSection.module.css';

/**
 * Cadastro's 'Entrar com biometria' (issue 31): the devices that log in with a passkey, when each was last used, a
 * removal that takes effect at once (confirmed first), and 'Ativar biometria neste aparelho' where the device can.
 */
export function PasskeysSection() {
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [canAdd, setCanAdd] = useState(false);
  const [confirm, setConfirm] = useState<PasskeyDto | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
  useEffect(() => {
    void platformPasskeyAvailable().then(setCanAdd);
  }, []);

  const activate = () => {
    setMessage(undefined);
    add.mutate(undefined, {
      onSuccess: () => setMessage({ kind: 'success', text: PASSKEY_MSG.created }),
      onError: (err) => setMessage({ kind: 'error', text: passkeyErrorText(err, PASSKEY_MSG.cancelled) }),
    });
  };
  const removeConfirmed = () => {
    if (!confirm) return;
    const { id } = confirm;
    setMessage(undefined);
    remove.mutate(id, {
      onSuccess: () => setMessage({ kind: 'success', text: PASSKEY_MSG.removed }),
      onError: (err) => setMessage({ kind: 'error', text: passkeyErrorText(err, 'Não foi possível remover. Tente novamente.') }),
      onSettled: () => setConfirm(null),
    });
  };

  let body;
  if (list.isLoading) body = <Skeleton shape="line" lines={2} label="Carregando aparelhos…" />;
  else if (list.error || !list.data) body = <QueryError error={list.error} onRetry={list.refetch} retrying={list.isFetching} />;
  else if (list.data.length === 0) body = <p>{PASSKEY_MSG.empty}</p>;
  else
    body = (
      <ul className={styles.list}>
        {list.data.map((p) => (
          <li key={p.id} className={styles.item}>
            <div>
              <strong>{p.nome}</strong>
              <span className={styles.meta}>
                Ativada em {formatInstantWithTime(p.criadaEm)}
                {p.usadaEm ? ` · último uso em ${formatInstantWithTime(p.usadaEm)}` : ' · ainda não usada'}
              </span>
            </div>
            <Button variant="secondary" onClick={() => setConfirm(p)} aria-label={`Remover ${p.nome}`}>
              Remover
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <section className={`card ${styles.section}`} aria-labelledby="biometria">
      <h2 id="biometria">Entrar com biometria</h2>
      <p>Aparelhos que entram com a digital, o rosto ou o bloqueio de tela, sem código.</p>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      {body}
      {canAdd && (
        <Button variant="secondary" onClick={activate} loading={add.isPending}>
          Ativar biometria neste aparelho
        </Button>
      )}
      <Modal
        open={confirm !== null}
        title="Remover acesso por biometria?"
        onClose={() => setConfirm(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)} disabled={remove.isPending}>
              Cancelar
            </Button>
            <Button onClick={removeConfirmed} loading={remove.isPending}>
              Remover
            </Button>
          </>
        }
      >
        <p>
          {confirm?.nome} não entrará mais na sua conta, e quem entrou por ele sai na hora. Você pode ativar a biometria de novo quando
          entrar com o código.
        </p>
      </Modal>
    </section>
  );
}
