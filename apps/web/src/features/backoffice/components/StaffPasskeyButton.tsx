import { useState } from 'react';
import { PASSKEY_MSG } from '@guarita/domain';
import { Button } from '../../../components/ui/Button';
import { passkeyErrorText } from '../../auth';
import { useRegisterStaffPasskey } from '../api/staff-passkey';

/** 'Cadastrar chave de acesso': a passkey of this device, used next time in place of the authenticator code (issue 31). */
export function StaffPasskeyButton() {
  const register = useRegisterStaffPasskey();
  const [said, setSaid] = useState('');
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        loading={register.isPending}
        onClick={() => {
          setSaid('');
          register.mutate(undefined, {
            onSuccess: () => setSaid('Chave de acesso cadastrada. Use-a no lugar do código do autenticador.'),
            onError: (err) => setSaid(passkeyErrorText(err, PASSKEY_MSG.cancelled)),
          });
        }}
      >
        Cadastrar chave de acesso
      </Button>
      <span role="status">{said}</span>
    </>
  );
}
