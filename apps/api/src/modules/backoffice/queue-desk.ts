import {
  CASE_REASONS,
  caseSla,
  maskDocument,
  parseQueueSearch,
  SLA_FALLBACK_HOURS,
  SLA_MSG,
  STAFF_MSG,
  type NewCasesDto,
  type QueueCountsDto,
  type QueueOrder,
  type QueuePageDto,
  type QueueQuery,
  type SlaTargetsDto,
  type StaffRole,
} from '@guarita/domain';
import type { Database } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../ports/clock';
import { orderKeyOf, StaffQueue, type QueueScope } from '../cases';
import type { CustomersService } from '../customers';
import type { AuditLog } from '../staff';
import type { AssigneesOf } from './assignments';
import type { Acting } from './service';

/** Which cases each role works: sinistros the claims, atendimento the support cases, admin reads all and changes none. */
export const QUEUE_SCOPE: Record<StaffRole, QueueScope | null> = {
  sinistros: 'claims',
  atendimento: 'support',
  admin: 'all',
  financeiro: null,
};

const forbidden = () => new AppError(403, 'FORBIDDEN', STAFF_MSG.forbidden);
const scopeOf = (role: StaffRole): QueueScope => {
  const scope = QUEUE_SCOPE[role];
  if (!scope) throw forbidden();
  return scope;
};

/** The queue's opaque keyset cursor: its order, the last row's key in that order and id (the bench makes one). */
export const encodeCursor = (order: QueueOrder, key: string, id: string) =>
  Buffer.from(JSON.stringify([order, key, id])).toString('base64url');
function decodeCursor(cursor: string, order: QueueOrder): { key: string; id: string } {
  try {
    const [o, key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    // A cursor of another order would page from a key of another column.
    if (o === order && typeof key === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(key))) return { key, id };
  } catch {
    /* falls through */
  }
  throw new AppError(400, 'VALIDATION', 'Página inválida.');
}

/**
 * The console's queue, read side (issue 13 §2, issue 30 items 11–13): filters, search, order, each case's age and SLA,
 * the live count of new cases, and the SLA targets per Reason (admin changes them, audited).
 */
export class QueueDesk {
  constructor(
    private readonly db: Database,
    private readonly staffQueue: StaffQueue,
    private readonly customers: CustomersService,
    private readonly audit: AuditLog,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  async queue(role: StaffRole, f: QueueQuery, me?: { id: number; assignees: AssigneesOf }): Promise<QueuePageDto> {
    const scope = scopeOf(role);
    const now = this.clock.now();
    let customerId: number | undefined;
    if (f.documento) {
      const id = await this.customers.idByDocument(f.documento);
      if (id === null) return { itens: [], proximo: null, agora: now.toISOString() };
      customerId = id;
    }
    const search = f.busca ? parseQueueSearch(f.busca) : undefined;
    // The query schema refused an unreadable search already; this is for the type.
    if (search && 'error' in search) throw new AppError(400, 'VALIDATION', search.error);
    const rows = await this.staffQueue.page(
      {
        scope,
        status: f.status,
        order: f.ordem,
        ...(f.motivo ? { reason: f.motivo } : {}),
        ...(f.fase ? { phase: f.fase } : {}),
        ...(f.idadeMinDias ? { createdBefore: new Date(now.getTime() - f.idadeMinDias * 86_400_000) } : {}),
        ...(f.contrato ? { nCtrId: f.contrato } : {}),
        ...(customerId !== undefined ? { customerId } : {}),
        ...(f.responsavel ? { assignedTo: f.responsavel === 'eu' ? (me?.id ?? 0) : null } : {}),
        ...(search ? { search } : {}),
        ...(f.cursor ? { after: decodeCursor(f.cursor, f.ordem) } : {}),
      },
      f.limite + 1,
    );
    const page = rows.slice(0, f.limite);
    const people = await this.customers.documents([...new Set(page.map((r) => r.customerId))]);
    const assigned = me ? await me.assignees(page.map((r) => r.id)) : new Map<string, never>();
    const last = page.at(-1);
    return {
      itens: page.map((r) => ({
        Id: r.id,
        CaseNumber: r.caseNumber,
        Reason: r.reason,
        Subject: r.subject,
        Status: r.status,
        Fase__c: r.phase,
        CreatedDate: r.createdAt,
        nCtrId: r.nCtrId,
        documento: maskDocument(people.get(r.customerId)?.document ?? ''),
        responsavel: assigned.get(r.id) ?? null,
        sla: caseSla({ createdAt: r.createdAt, dueAt: r.dueAt, status: r.status }, now),
      })),
      proximo: rows.length > f.limite && last ? encodeCursor(f.ordem, orderKeyOf(f.ordem, last), last.id) : null,
      agora: now.toISOString(),
    };
  }

  async counts(role: StaffRole): Promise<QueueCountsDto> {
    const rows = await this.staffQueue.openCounts(scopeOf(role));
    return { filas: rows.map((r) => ({ motivo: r.reason, abertos: r.open })) };
  }

  /** The live queue's poll: open cases of the role's queue opened after `since`. */
  async newSince(role: StaffRole, since: string): Promise<NewCasesDto> {
    return { novos: await this.staffQueue.countNewSince(scopeOf(role), new Date(since)) };
  }

  /** Every Reason's SLA target: the table's, or the fallback for a Reason without a row. */
  async slaTargets(): Promise<SlaTargetsDto> {
    const rows = new Map((await this.staffQueue.slaTargets()).map((r) => [r.reason, r]));
    const reasons = [...new Set<string>([...CASE_REASONS, ...rows.keys()])];
    return {
      prazos: reasons.map((motivo) => {
        const r = rows.get(motivo);
        return { motivo, horas: r?.hours ?? SLA_FALLBACK_HOURS, alteradoEm: r?.updatedAt ?? null };
      }),
    };
  }

  /** Admin sets a Reason's target; its open cases' due times follow; audited in the same transaction. */
  async setSlaTarget(s: Acting, reason: string, hours: number): Promise<void> {
    if (!(CASE_REASONS as readonly string[]).includes(reason)) throw new AppError(404, 'NOT_FOUND', SLA_MSG.unknownReason);
    await this.db.transaction().execute(async (tx) => {
      const before = await new StaffQueue(tx).setSlaTarget(reason, hours, this.clock.now());
      await this.audit.record(
        tx,
        { id: s.id, email: s.email, role: s.role, ip: s.ip },
        {
          action: 'prazo.alterado',
          before: { motivo: reason, horas: before ?? SLA_FALLBACK_HOURS },
          after: { motivo: reason, horas: hours },
        },
      );
    });
  }
}
