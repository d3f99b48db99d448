import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { backofficeKeys } from './keys';

export const getSlaTargets = () => unwrap(api.GET('/api/backoffice/prazos'));

/** Each Reason's SLA target (admin). */
export const useSlaTargets = () => useQuery({ queryKey: backofficeKeys.slaTargets(), queryFn: getSlaTargets });
