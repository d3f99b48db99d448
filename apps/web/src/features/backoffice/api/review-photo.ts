import { api, unwrap } from '../../../lib/api';
import { useCaseAction } from './case-action';

export interface PhotoReview {
  typeId: string;
  aprovacao: boolean;
  textoReprovacao?: string;
}
export const reviewPhoto = (caseNumber: string, r: PhotoReview) =>
  unwrap(
    api.POST('/api/backoffice/casos/{caseNumber}/fotos/{typeId}/revisao', {
      params: { path: { caseNumber, typeId: r.typeId } },
      body: { aprovacao: r.aprovacao, ...(r.textoReprovacao ? { textoReprovacao: r.textoReprovacao } : {}) },
    }),
  );
export const useReviewPhoto = (caseNumber: string) => useCaseAction(caseNumber, (r: PhotoReview) => reviewPhoto(caseNumber, r));
