import { NO_ONLINE_VEHICLE_CHANGE_MSG } from '@guarita/domain';
import { CobreModal } from '../../common';
import { usePlan } from '../../plan';

/**
 * COBRE plans cannot change the vehicle online (001 §2): the message, and the same modal as Meu plano and the plan
 * change, with the sales executive that Meu plano's data names.
 */
export function NoOnlineChangeModal({ nCtrId, open, onClose }: { nCtrId: number; open: boolean; onClose: () => void }) {
  const plan = usePlan(nCtrId);
  return (
    <>
      <p>{NO_ONLINE_VEHICLE_CHANGE_MSG}</p>
      <CobreModal open={open} contact={plan.data?.contact ?? null} onClose={onClose} />
    </>
  );
}
