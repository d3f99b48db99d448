import { api, unwrap } from '../../../lib/api';
import { useCaseAction } from './case-action';

/** A comment the customer sees with one file (multipart: `texto`, `arquivo`). */
export const addStaffCommentWithFile = (caseNumber: string, texto: string, file: File) => {
  const form = new FormData();
  form.append('texto', texto);
  form.append('arquivo', file, file.name);
  return unwrap(
    api.POST('/api/backoffice/casos/{caseNumber}/comentarios/anexo', {
      params: { path: { caseNumber } },
      // multipart: openapi-fetch sends a FormData as is and lets the browser set the boundary
      body: form as never,
    }),
  );
};
export const useAddStaffCommentWithFile = (caseNumber: string) =>
  useCaseAction(caseNumber, (v: { texto: string; file: File }) => addStaffCommentWithFile(caseNumber, v.texto, v.file));
