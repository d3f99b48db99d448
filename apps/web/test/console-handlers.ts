import { AssignmentDto, ColleaguesDto, PresenceDto, type AssignmentDto as Assignment } from '@guarita/domain';
import { dto, http, HttpResponse, route } from './msw';

/**
 * The case page's and queue's side calls (assignment, presence heartbeat, the desk's colleagues; ADR 086) answered as
 * a case nobody works and nobody else has open: for console tests about something else.
 */
export function consoleSideCalls(o: { assignment?: Assignment; others?: PresenceDto['outros'] } = {}) {
  return [
    http.get(route('/api/backoffice/casos/{caseNumber}/atribuicao'), () =>
      dto(AssignmentDto, o.assignment ?? { responsavel: null, colegas: [], podeAlterar: false }),
    ),
    http.post(route('/api/backoffice/casos/{caseNumber}/presenca'), () => dto(PresenceDto, { outros: o.others ?? [] })),
    http.delete(route('/api/backoffice/casos/{caseNumber}/presenca'), () => new HttpResponse(null, { status: 204 })),
    http.get(route('/api/backoffice/colegas'), () => dto(ColleaguesDto, { colegas: [] })),
  ];
}
