import { describe, expect, it } from 'vitest';
import { APPROVAL_MSG } from '../backoffice/approvals';
import { DECISION_MSG } from '../backoffice/queue';
import { bellLabel } from './bell';
import {
  caseEventNotification,
  channelsFor,
  conclusionKey,
  DEFAULT_PREFERENCES,
  NOTIFICATION_TYPES,
  NotificationPreferences,
  notificationEmail,
  notificationText,
  retryDelaySeconds,
  targetOf,
  type CaseEventFacts,
  type NotificationEvent,
} from './notifications';

const ev = (over: Partial<CaseEventFacts>): CaseEventFacts => ({
  eventId: 7,
  caseId: 'c1',
  caseNumber: '2026-000042',
  subject: 'Sinistro',
  nCtrId: 100101,
  kind: 'phase',
  to: 'Regulação',
  actor: 'staff',
  ...over,
});

describe('channelsFor', () => {
  it('always keeps the in-app notification and adds e-mail when the group is on', () => {
    for (const t of NOTIFICATION_TYPES) expect(channelsFor(t)).toEqual(['inapp', 'email']);
    const off = { email: { pagamentos: false, solicitacoes: true, rastreador: false } };
    expect(channelsFor('pagamento_confirmado', off)).toEqual(['inapp']);
    expect(channelsFor('pix_expirando', off)).toEqual(['inapp']);
    expect(channelsFor('rastreador_silencioso', off)).toEqual(['inapp']);
    expect(channelsFor('foto_reprovada', off)).toEqual(['inapp', 'email']);
  });
  it('preferences must name every group', () => {
    expect(NotificationPreferences.safeParse(DEFAULT_PREFERENCES).success).toBe(true);
    expect(NotificationPreferences.safeParse({ email: { pagamentos: true } }).success).toBe(false);
  });
});

describe('caseEventNotification', () => {
  it('creation notifies (protocol confirmation); the customer’s own comments and files do not', () => {
    expect(caseEventNotification(ev({ kind: 'created', to: 'Aberto', actor: 'customer' }))).toMatchObject({
      key: 'caso:c1:aberto',
      event: { type: 'caso_aberto', claim: true },
    });
    expect(caseEventNotification(ev({ kind: 'comment', actor: 'customer', text: 'oi' }))).toBeNull();
    expect(caseEventNotification(ev({ kind: 'attachment', actor: 'customer' }))).toBeNull();
    expect(caseEventNotification(ev({ kind: 'phase', actor: 'customer' }))).toBeNull();
  });
  it('a staff phase change and comment notify once per event', () => {
    expect(caseEventNotification(ev({}))).toMatchObject({ key: 'caso-evento:7', event: { type: 'fase', phase: 'Regulação' } });
    expect(caseEventNotification(ev({ kind: 'comment', to: null, text: 'Recebemos o B.O.' }))).toMatchObject({
      key: 'caso-evento:7',
      event: { type: 'comentario', text: 'Recebemos o B.O.' },
    });
    expect(caseEventNotification(ev({ kind: 'status', to: 'Closed' }))).toBeNull();
  });
  it('a decision and the phase Concluído written with it share one key, and the decision outranks the phase', () => {
    const done = caseEventNotification(ev({ subject: 'Alteração de Dados', to: 'Concluído' }))!;
    const approved = caseEventNotification(ev({ subject: 'Alteração de Dados', kind: 'comment', to: null, text: DECISION_MSG.approved }))!;
    const rejected = caseEventNotification(
      ev({ subject: 'Alteração de Dados', kind: 'comment', to: null, text: DECISION_MSG.rejected('CEP errado') }),
    )!;
    const decision = caseEventNotification(ev({ kind: 'decision', to: 'reprovado' }))!;
    expect(new Set([done.key, approved.key, rejected.key, decision.key])).toEqual(new Set([conclusionKey('c1')]));
    expect(done.precedence).toBe(0);
    expect(approved).toMatchObject({ precedence: 2, event: { type: 'solicitacao_aprovada', claim: false } });
    expect(rejected.event.type).toBe('solicitacao_reprovada');
    expect(notificationText(rejected.event).body).toBe('Sua solicitação foi reprovada. Motivo: CEP errado');
    expect(decision).toMatchObject({ precedence: 1, event: { type: 'solicitacao_reprovada' } });
    expect(caseEventNotification(ev({ kind: 'decision', to: 'aprovado' }))!.event.type).toBe('solicitacao_aprovada');
  });
  it('the approval comment of a due-date, plan or vehicle change is the conclusion too (one notification, not two)', () => {
    for (const text of [APPROVAL_MSG.vencimento(20), APPROVAL_MSG.plano, APPROVAL_MSG['troca-veiculo']]) {
      const n = caseEventNotification(ev({ subject: 'Alteração de Vencimento', kind: 'comment', to: null, text }))!;
      expect(n).toMatchObject({ key: conclusionKey('c1'), precedence: 2, event: { type: 'solicitacao_aprovada', text } });
    }
  });
});

describe('texts', () => {
  const events: NotificationEvent[] = [
    { type: 'pagamento_confirmado', method: 'pix', amountCents: 19497, nCtrId: 100101 },
    { type: 'pix_expirando', amountCents: 19497, nCtrId: 100101, expiresAt: '2026-03-10T18:30:00Z' },
    { type: 'caso_aberto', caseNumber: '2026-000001', subject: 'Cancelamento', claim: false, nCtrId: 1 },
    { type: 'comentario', caseNumber: '2026-000001', subject: 'Sinistro', claim: true, nCtrId: 1, text: 'Olá' },
    { type: 'fase', caseNumber: '2026-000001', subject: 'Sinistro', claim: true, nCtrId: 1, phase: 'Regulação' },
    { type: 'foto_reprovada', caseNumber: '2026-000001', nCtrId: 1, photo: 'Frente', reason: 'Foto escura' },
    { type: 'solicitacao_aprovada', caseNumber: '2026-000001', subject: 'X', claim: false, nCtrId: 1 },
    { type: 'solicitacao_reprovada', caseNumber: '2026-000001', subject: 'X', claim: false, nCtrId: 1 },
    { type: 'rastreador_silencioso', nCtrId: 1, plate: 'ABC1D23', lastSeenAt: '2026-03-09T12:00:00Z' },
    { type: 'acesso_biometria', action: 'cadastrada', device: 'Safari no iPhone' },
  ];
  it('every type has a pt-BR title and body', () => {
    expect(events.map((e) => e.type).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    for (const e of events) {
      const t = notificationText(e);
      expect(t.title.length).toBeGreaterThan(5);
      expect(t.body.length).toBeGreaterThan(1);
    }
  });
  it('says the amount, the time in São Paulo and the rejection reason', () => {
    expect(notificationText(events[0]!).body).toBe('Recebemos seu pagamento de R$\u00a0194,97 por Pix (contrato 100101).');
    expect(notificationText(events[1]!).body).toContain('vence às 15:30');
    expect(notificationText(events[5]!).body).toContain('"Frente" foi reprovada. Motivo: Foto escura.');
    expect(notificationText(events[8]!).body).toContain('09/03/2026, 09:00');
  });
  it('names a claim as "seu sinistro" once, a request with its subject, and ends a reason with one full stop', () => {
    const claim = { caseNumber: '2026-000001', subject: 'Sinistro', claim: true, nCtrId: 1 };
    const request = { caseNumber: '2026-000002', subject: 'Alteração de vencimento', claim: false, nCtrId: 1 };
    expect(notificationText({ type: 'caso_aberto', ...claim }).body).toBe(
      'Recebemos seu sinistro. Acompanhe o andamento pelo protocolo 2026-000001.',
    );
    expect(notificationText({ type: 'fase', ...claim, phase: 'Regulação' }).body).toBe('Seu sinistro avançou para a etapa Regulação.');
    expect(notificationText({ type: 'caso_aberto', ...request }).body).toBe(
      'Recebemos sua solicitação (Alteração de vencimento). Acompanhe o andamento pelo protocolo 2026-000002.',
    );
    expect(notificationText({ type: 'fase', ...request, phase: 'Em análise' }).body).toBe(
      'Sua solicitação (Alteração de vencimento) avançou para a etapa Em análise.',
    );
    const photo = { type: 'foto_reprovada', caseNumber: '2026-000001', nCtrId: 1, photo: 'Placa traseira' } as const;
    expect(notificationText({ ...photo, reason: 'Placa traseira ilegível.' }).body).toBe(
      'A foto "Placa traseira" foi reprovada. Motivo: Placa traseira ilegível. Envie uma nova foto pelo acompanhamento do sinistro.',
    );
    expect(notificationText({ ...photo, reason: 'Está escura?' }).body).toContain('Motivo: Está escura? Envie');
  });
  it('leads to the claim, the support list, payments or the map', () => {
    expect(targetOf(events[0]!)).toEqual({ kind: 'pagamentos', nCtrId: 100101 });
    expect(targetOf(events[2]!)).toEqual({ kind: 'suporte', caseNumber: '2026-000001', nCtrId: 1 });
    expect(targetOf(events[5]!)).toEqual({ kind: 'sinistro', caseNumber: '2026-000001', nCtrId: 1 });
    expect(targetOf(events[8]!)).toEqual({ kind: 'mapa', nCtrId: 1 });
  });
  it('the e-mail greets by first name, escapes HTML and links to the portal', () => {
    const m = notificationEmail({ title: 'T', body: 'a <b> & "c"' }, { name: 'Maria  Silva' }, 'https://x.test/sinistros/consulta/1');
    expect(m.subject).toBe('Guarita: T');
    expect(m.text).toContain('Olá, Maria!');
    expect(m.text).toContain('Ver no portal: https://x.test/sinistros/consulta/1');
    expect(m.html).toContain('a &lt;b&gt; &amp; &quot;c&quot;');
    expect(m.html).not.toContain('<b>');
  });
  it('the bell reads the count', () => {
    expect(bellLabel(0)).toBe('Notificações, 0 não lidas');
    expect(bellLabel(1)).toBe('Notificações, 1 não lida');
    expect(bellLabel(3)).toBe('Notificações, 3 não lidas');
  });
});

describe('retryDelaySeconds', () => {
  it('doubles from the base and stops at one hour', () => {
    expect([1, 2, 3, 4].map((a) => retryDelaySeconds(a))).toEqual([60, 120, 240, 480]);
    expect(retryDelaySeconds(20)).toBe(3600);
    expect(retryDelaySeconds(2, 1)).toBe(2);
  });
});
