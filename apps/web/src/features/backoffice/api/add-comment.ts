import { api, unwrap } from '../../../lib/api';
import { useCaseAction } from './case-action';

export const addStaffComment = (caseNumber: string, texto: string, interno: boolean) =>
  unwrap(api.POST('/api/backoffice/casos/{caseNumber}/comentarios', { params: { path: { caseNumber } }, body: { texto, interno } }));
export const useAddStaffComment = (caseNumber: string) =>
  useCaseAction(caseNumber, (v: { texto: string; interno: boolean }) => addStaffComment(caseNumber, v.texto, v.interno));
