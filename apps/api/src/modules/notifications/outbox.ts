import {
  caseEventNotification,
  channelsFor,
  notificationText,
  targetOf,
  type CaseEventFacts,
  type NotificationEvent,
  type NotificationPreferences,
} from '@guarita/domain';
import type { Executor } from '../../db/db';
import { NotificationsRepository } from './repository';

/**
 * The transactional outbox (ADR 056): other modules call `emit` with their own transaction, so the notification and
 * its delivery jobs commit with what happened, or not at all. Writing needs no other module, so the composition
 * root builds it before any module (cases, payments and claims are registered before `notifications`).
 */
export class NotificationOutbox {
  constructor(private readonly repo = new NotificationsRepository()) {}

  /**
   * One notification per idempotency key (a replayed webhook or a retried action adds nothing) and one delivery
   * job per extra channel the customer keeps on. `precedence`: a later event with the same key and a higher
   * precedence replaces the text (a decision replaces the 'Concluído' phase written with it).
   */
  async emit(q: Executor, customerId: number, key: string, event: NotificationEvent, precedence = 0): Promise<void> {
    const prefs: NotificationPreferences = await this.repo.preferences(q, customerId);
    const text = notificationText(event);
    const target = targetOf(event);
    const id = await this.repo.upsert(q, {
      customerId,
      key,
      type: event.type,
      title: text.title,
      body: text.body,
      target: target.kind,
      nCtrId: 'nCtrId' in target ? target.nCtrId : null,
      caseNumber: 'caseNumber' in target ? target.caseNumber : null,
      precedence,
    });
    for (const channel of channelsFor(event.type, prefs)) {
      if (channel === 'inapp') continue; // the row itself
      await this.repo.enqueue(q, id, channel, `${key}:${channel}`);
    }
  }

  /** The case system's event writer calls this for every case event (customer-authored ones notify nothing). */
  async caseEvent(q: Executor, customerId: number, facts: CaseEventFacts): Promise<void> {
    const n = caseEventNotification(facts);
    if (n) await this.emit(q, customerId, n.key, n.event, n.precedence);
  }
}
