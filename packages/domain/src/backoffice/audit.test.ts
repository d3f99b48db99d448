import { describe, expect, it } from 'vitest';
import { AUDIT_MSG, AuditFilters, AuditQuery, saoPauloDayStart } from './audit';

const messages = (input: unknown) => {
  const r = AuditFilters.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the audit screen filters (issue 30 item 1)', () => {
  it('takes empty fields as no filter and normalises what was typed', () => {
    expect(AuditFilters.parse({ quem: '', acao: ' ', caso: '', cliente: '', de: '', ate: '' })).toEqual({});
    expect(AuditFilters.parse({ quem: ' Admin@Guarita.example ', cliente: '529.982.247-25', caso: '2026-000123' })).toEqual({
      quem: 'admin@guarita.example',
      cliente: '52998224725',
      caso: '2026-000123',
    });
  });

  it('says what is wrong at each field, in pt-BR', () => {
    expect(messages({ quem: 'fulano', acao: 'DROP TABLE', caso: '123', de: '2026-02-30' })).toEqual([
      `quem: ${AUDIT_MSG.email}`,
      `acao: ${AUDIT_MSG.action}`,
      `caso: ${AUDIT_MSG.caseNumber}`,
      `de: ${AUDIT_MSG.date}`,
    ]);
    expect(messages({ de: '2026-03-10', ate: '2026-03-01' })).toEqual([`ate: ${AUDIT_MSG.periodOrder}`]);
    expect(messages({ de: '2025-01-01', ate: '2026-01-02' })).toEqual([`ate: ${AUDIT_MSG.periodTooLong}`]);
    expect(messages({ de: '2025-01-01', ate: '2026-01-01' })).toEqual([]);
    expect(messages({ de: '0000-01-01' })).toEqual([`de: ${AUDIT_MSG.date}`]);
    expect(messages({ quem: 42 })).toEqual([`quem: ${AUDIT_MSG.email}`]);
  });

  it('pages with a bounded limit and a cursor of URL-safe characters', () => {
    expect(AuditQuery.parse({})).toEqual({ limite: 50 });
    expect(AuditQuery.safeParse({ limite: '0' }).error?.issues[0]?.message).toBe(AUDIT_MSG.limit);
    expect(AuditQuery.safeParse({ cursor: 'a b' }).error?.issues[0]?.message).toBe(AUDIT_MSG.badPage);
  });

  it('starts a day at São Paulo midnight', () => {
    expect(saoPauloDayStart('2026-03-01').toISOString()).toBe('2026-03-01T03:00:00.000Z');
  });
});
