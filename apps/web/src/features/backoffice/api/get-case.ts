import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiData } from '../../../lib/api';
import { backofficeKeys } from './keys';

export type StaffCase = ApiData<'/api/backoffice/casos/{caseNumber}', 'get'>;

export const getStaffCase = (caseNumber: string) =>
  unwrap(api.GET('/api/backoffice/casos/{caseNumber}', { params: { path: { caseNumber } } }));
export const useStaffCase = (caseNumber: string) =>
  useQuery(queryOptions({ queryKey: backofficeKeys.case(caseNumber), queryFn: () => getStaffCase(caseNumber) }));

/** Where the console shows a claim photo or an attachment (the staff cookie authenticates the <img>). */
export const photoUrl = (caseNumber: string, typeId: string) =>
  `/api/backoffice/casos/${encodeURIComponent(caseNumber)}/fotos/${encodeURIComponent(typeId)}`;
export const attachmentUrl = (caseNumber: string, id: string) =>
  `/api/backoffice/casos/${encodeURIComponent(caseNumber)}/anexos/${encodeURIComponent(id)}`;
