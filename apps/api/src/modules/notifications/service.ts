import {
  NOTIFICATION_MSG,
  type NotificationDto,
  type NotificationListQuery,
  type NotificationPageDto,
  type NotificationPreferences,
  type UnreadCountDto,
} from '@guarita/domain';
import type { Database } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { NotificationsRepository } from './repository';

const iso = (v: Date | string) => new Date(v).toISOString();

/** The customer's side of notifications: the list, the bell's count, read marks and channel choices. */
export class NotificationsService {
  constructor(
    private readonly db: Database,
    private readonly repo: NotificationsRepository,
  ) {}

  /** The delivery queue's depth and lag (the metrics scrape). */
  queueStats() {
    return this.repo.queueStats(this.db);
  }

  async list(customerId: number, q: NotificationListQuery): Promise<NotificationPageDto> {
    const rows = await this.repo.page(this.db, customerId, q.limite + 1, q.antes);
    const page = rows.slice(0, q.limite);
    return {
      itens: page.map((r): NotificationDto => ({
        id: r.id,
        tipo: r.type,
        titulo: r.title,
        texto: r.body,
        lida: r.read_at !== null,
        CreatedDate: iso(r.created_at),
        destino: r.target,
        nCtrId: r.n_ctr_id,
        caseNumber: r.case_number,
      })),
      proximo: rows.length > q.limite ? (page.at(-1)?.id ?? null) : null,
    };
  }

  async unread(customerId: number): Promise<UnreadCountDto> {
    return { naoLidas: await this.repo.unread(this.db, customerId) };
  }

  async markRead(customerId: number, id: number): Promise<void> {
    if (!(await this.repo.markRead(this.db, customerId, id))) throw new AppError(404, 'NOT_FOUND', NOTIFICATION_MSG.notFound);
  }

  markAllRead(customerId: number): Promise<void> {
    return this.repo.markAllRead(this.db, customerId);
  }

  preferences(customerId: number): Promise<NotificationPreferences> {
    return this.repo.preferences(this.db, customerId);
  }

  async savePreferences(customerId: number, p: NotificationPreferences): Promise<NotificationPreferences> {
    await this.repo.savePreferences(this.db, customerId, p);
    return p;
  }
}
