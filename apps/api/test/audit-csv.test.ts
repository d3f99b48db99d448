import { describe, expect, it } from 'vitest';
import { auditCsvLines, type AuditCsvRow } from '../src/modules/staff/audit';

const row = (over: Partial<AuditCsvRow>): AuditCsvRow => ({
  id: 1,
  created_at: '2026-11-27T12:00:00.000Z',
  staff_email: 'admin@guarita.example',
  role: 'admin',
  action: 'caso.comentou',
  case_number: '00012345',
  customer_id: 7,
  before: null,
  after: null,
  ip: '127.0.0.1',
  ...over,
});

describe('the audit CSV export', () => {
  it('writes one line per entry, empty cells for nothing', () => {
    expect(auditCsvLines([row({ case_number: null, customer_id: null, ip: null })])).toBe(
      '1,2026-11-27T12:00:00.000Z,admin@guarita.example,admin,caso.comentou,,,,,\n',
    );
  });

  it('quotes commas, quotes and line breaks (RFC 4180), so before/after JSON stays one cell', () => {
    const [line] = auditCsvLines([row({ before: { fase: 'Em análise', nota: 'a "b"' }, after: { n: [1, 2] } })]).split('\n');
    expect(line).toContain(',"{""fase"":""Em análise"",""nota"":""a \\""b\\""""}","{""n"":[1,2]}",');
    expect(auditCsvLines([row({ action: 'linha\nquebrada' })])).toContain('"linha\nquebrada"');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    const line = auditCsvLines([row({ staff_email: '=HYPERLINK("http://x")', action: '+1', ip: '@SUM(A1)' })]);
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(line).toContain(",'+1,");
    expect(line).toContain(",'@SUM(A1)\n");
  });
});
