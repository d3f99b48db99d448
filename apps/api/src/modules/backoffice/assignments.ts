import {
  ASSIGNMENT_MSG,
  nextPhases,
  phaseCloses,
  PRESENCE_EXPIRY_SECONDS,
  STAFF_MSG,
  type AssignmentDto,
  type BulkAction,
  type BulkResultDto,
  type ColleaguesDto,
  type CaseKind,
  type PresenceDto,
  type StaffRole,
} from '@guarita/domain';
import type { Database } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { CaseRecord } from '../cases';
import type { StaffPrincipal, StaffRef, StaffService } from '../staff';
import { AssignmentRepository } from './assignment-repository';
import type { Acting, BackofficeService } from './service';

/** The assignees of a queue page's cases, by case id: BackofficeService.queue's `me` (the caller, for 'Meus casos') carries it. */
export type AssigneesOf = (caseIds: string[]) => Promise<Map<string, { id: number; nome: string }>>;

/** The desk that works each kind of case: its active staff are the case's possible assignees. */
const desksFor = (kind: CaseKind): StaffRole[] => (kind === 'suporte' ? ['atendimento'] : ['sinistros']);
const ref = (p: StaffRef) => ({ id: p.id, nome: p.name, papel: p.role });

/**
 * Assignment, presence and bulk actions (issue 30 items 10 and 14, ADR 086). The same role checks as every case
 * route (BackofficeService.caseFor: a desk only its own kind of case, admin reads and changes nothing); every
 * assignment change writes its audit row in its transaction; a bulk action runs each case in a transaction of its own
 * and answers, per case, whether it applied and why not.
 */
export class AssignmentDesk {
  private readonly repo = new AssignmentRepository();

  constructor(
    private readonly db: Database,
    private readonly office: BackofficeService,
    private readonly staff: Pick<StaffService, 'directory'>,
    private readonly warn: (err: unknown) => void = () => {},
  ) {}

  async read(role: StaffRole, caseNumber: string): Promise<AssignmentDto> {
    const c = await this.office.caseFor(role, caseNumber, false);
    const id = await this.repo.of(this.db, c.Id);
    const [who] = id === null ? [] : await this.staff.directory({ ids: [id] });
    const writer = role !== 'admin' && c.Status === 'New';
    return {
      responsavel: who ? ref(who) : null,
      colegas: writer ? (await this.staff.directory({ roles: desksFor(c.kind) })).map(ref) : [],
      podeAlterar: writer,
    };
  }

  /** The caller's desk (a bulk assignment's choices). */
  async colleagues(role: StaffRole): Promise<ColleaguesDto> {
    const desk = role === 'atendimento' ? desksFor('suporte') : role === 'sinistros' ? desksFor('colisao') : [];
    return { colegas: (await this.staff.directory({ roles: desk })).map(ref) };
  }

  /** The assignees of these cases (the queue's column). */
  async assignees(caseIds: readonly string[]): Promise<Map<string, { id: number; nome: string }>> {
    const byCase = await this.repo.ofMany(this.db, caseIds);
    const people = new Map((await this.staff.directory({ ids: [...new Set(byCase.values())] })).map((p) => [p.id, p.name]));
    return new Map([...byCase].map(([caseId, id]) => [caseId, { id, nome: people.get(id) ?? '' }]));
  }

  async assign(s: Acting, caseNumber: string, staffId: number | null): Promise<string> {
    const c = await this.office.caseFor(s.role, caseNumber, true);
    return this.assignCase(s, c, staffId);
  }

  private async assignCase(s: Acting, c: CaseRecord & { kind: CaseKind }, staffId: number | null): Promise<string> {
    if (c.Status === 'Closed') throw new AppError(409, 'CASE_CLOSED', STAFF_MSG.caseClosed);
    // Read before the transaction: on PGlite's single connection a read outside `tx` would wait for it forever.
    const target = staffId === null ? null : (await this.staff.directory({ roles: desksFor(c.kind) })).find((p) => p.id === staffId);
    if (target === undefined) throw new AppError(422, 'NOT_A_COLLEAGUE', ASSIGNMENT_MSG.notAColleague);
    await this.office.act(s, c, target ? 'caso.atribuido' : 'caso.desatribuido', async (tx) => {
      const was = await this.repo.of(tx, c.Id);
      const [before] = was === null ? [] : await this.staff.directory({ ids: [was] }, tx);
      await this.repo.set(tx, c.Id, target?.id ?? null);
      return {
        before: { responsavel: before ? { id: before.id, nome: before.name } : null },
        after: { responsavel: target ? { id: target.id, nome: target.name } : null },
      };
    });
    return target ? `Atribuído a ${target.name}.` : 'Atribuição removida.';
  }

  /** The case page's heartbeat: the caller is here now; answers who else is. */
  async beat(s: StaffPrincipal, caseNumber: string): Promise<PresenceDto> {
    const c = await this.office.caseFor(s.role, caseNumber, false);
    const ids = await this.repo.beat(this.db, c.Id, s.id, PRESENCE_EXPIRY_SECONDS);
    const people = new Map((await this.staff.directory({ ids })).map((p) => [p.id, p]));
    return { outros: ids.flatMap((id) => (people.has(id) ? [{ nome: people.get(id)!.name, papel: people.get(id)!.role }] : [])) };
  }

  /** The case page closed: the caller is gone at once (else in PRESENCE_EXPIRY_SECONDS). */
  async leave(s: StaffPrincipal, caseNumber: string): Promise<void> {
    const c = await this.office.caseFor(s.role, caseNumber, false);
    await this.repo.leave(this.db, c.Id, s.id);
  }

  /** One action on several cases, each alone: a case it cannot apply to is left as it was and says why. */
  async bulk(s: Acting, caseNumbers: readonly string[], action: BulkAction): Promise<BulkResultDto> {
    const resultados: BulkResultDto['resultados'] = [];
    for (const caso of caseNumbers) {
      try {
        resultados.push({ caso, ok: true, mensagem: await this.applyOne(s, caso, action) });
      } catch (e) {
        if (!(e instanceof AppError)) this.warn(e);
        const mensagem = e instanceof AppError ? e.mensagem : 'Não foi possível aplicar a ação a este caso. Tente novamente.';
        resultados.push({ caso, ok: false, mensagem });
      }
    }
    return { resultados };
  }

  private async applyOne(s: Acting, caseNumber: string, action: BulkAction): Promise<string> {
    switch (action.tipo) {
      case 'atribuir':
        return this.assign(s, caseNumber, action.responsavelId);
      case 'fase':
        await this.office.movePhase(s, caseNumber, action.fase);
        return `Movido para ${action.fase}.`;
      case 'encerrar': {
        const c = await this.office.caseFor(s.role, caseNumber, true);
        if (c.Status === 'Closed') throw new AppError(409, 'CASE_CLOSED', ASSIGNMENT_MSG.alreadyClosed);
        const state = { kind: c.kind, phase: c.Fase__c, status: c.Status, reason: c.Reason, subject: c.Subject };
        const closing = nextPhases(state).find((p) => phaseCloses(c.kind, p));
        if (!closing) throw new AppError(409, 'PHASE_NOT_ALLOWED', ASSIGNMENT_MSG.cannotClose(c.Fase__c));
        await this.office.movePhase(s, caseNumber, closing);
        return `Encerrado (${closing}).`;
      }
    }
  }
}
