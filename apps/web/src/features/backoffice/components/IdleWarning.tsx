import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { staffActivity } from '../../../lib/api';
import { backofficeKeys } from '../api/keys';

/** How long before the idle limit the warning opens. */
export const IDLE_WARNING_MS = 60_000;
/** The session ends on the server when its idle clock runs out; the screen follows a moment later, never before. */
const END_MARGIN_MS = 2_000;

const last = () => staffActivity.lastActivity();

/**
 * The idle timeout as the staff member sees it (issue 30 item 4): a minute before the server ends an unused session,
 * a dialog counts the seconds down and offers 'Continuar conectado' (one cheap authenticated request, which touches
 * the session's idle clock); when the time is up, `onEnded` clears the screen and shows the login. The clock starts
 * at the last console request answered (every one touches the session on the server).
 */
export function IdleWarning({ idleSeconds, onEnded }: { idleSeconds: number; onEnded: () => void }) {
  const lastActivity = useSyncExternalStore(staffActivity.subscribe, last, last);
  const [now, setNow] = useState(() => Date.now());
  const [renewing, setRenewing] = useState(false);
  const qc = useQueryClient();
  const deadline = lastActivity > 0 ? lastActivity + idleSeconds * 1000 : 0;
  const warnAt = deadline - IDLE_WARNING_MS;
  const warning = deadline > 0 && now >= warnAt;

  useEffect(() => {
    if (deadline === 0) return;
    // A timer to the warning, then one a second while it counts down (the page's own clock: a tab asleep wakes to it).
    const next = Date.now() < warnAt ? warnAt - Date.now() : 1000;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, Math.min(next, 1000 * 60 * 60)));
    return () => clearTimeout(timer);
  }, [deadline, warnAt, now]);

  useEffect(() => {
    if (deadline > 0 && now >= deadline + END_MARGIN_MS) onEnded();
  }, [deadline, now, onEnded]);

  const renew = async () => {
    setRenewing(true);
    try {
      // GET /api/backoffice/auth/me: authenticated and cheap; its answer moves the clock on (or, a 401, ends the session).
      await qc.refetchQueries({ queryKey: backofficeKeys.me(), exact: true });
    } finally {
      setRenewing(false);
      setNow(Date.now());
    }
  };

  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <Modal
      open={warning}
      title="Sua sessão vai expirar"
      onClose={() => void renew()}
      actions={
        <Button type="button" onClick={() => void renew()} loading={renewing}>
          Continuar conectado
        </Button>
      }
    >
      <p>Sua sessão vai expirar em {seconds} s por falta de uso.</p>
      <p>Para continuar, escolha Continuar conectado. Se a sessão expirar, os dados do caso saem da tela e o login aparece.</p>
    </Modal>
  );
}
