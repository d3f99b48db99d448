import type { StaffRole } from '@guarita/domain';

/** The demo password of every demo staff account (README). Demo mode only: the seed never runs outside it. */
export const DEMO_STAFF_PASSWORD = 'guarita-demo-2026';

/** argon2id of DEMO_STAFF_PASSWORD, computed once so the seed does not hash each account on every start. */
const DEMO_HASH = '$argon2id$v=19$m=19456,t=2,p=1$uixPj5FVqjN26bI1dJKUtQ$pKCAH8mtd+mNb85XHGsCnjyd0cSGQBf2c+ddxV/qJ8w';

/**
 * One account per role. The TOTP secrets are fixed so a demo install keeps working across restarts; demo mode's
 * GET /api/dev/staff/totp?email=… answers the current code (like the customer outbox).
 */
export const DEMO_STAFF: ReadonlyArray<{ email: string; name: string; role: StaffRole; passwordHash: string; totpSecret: string }> = [
  {
    email: 'atendimento@guarita.example',
    name: 'Ana Atendimento',
    role: 'atendimento',
    passwordHash: DEMO_HASH,
    totpSecret: 'OHTQ5R67A5KA5BRKVPPTRYCTGA27LRW3',
  },
  {
    email: 'sinistros@guarita.example',
    name: 'Sérgio Sinistros',
    role: 'sinistros',
    passwordHash: DEMO_HASH,
    totpSecret: 'PBKUDTF4WR7HTPZA6ZRHU2BDFYJABTJM',
  },
  {
    email: 'financeiro@guarita.example',
    name: 'Fernanda Financeiro',
    role: 'financeiro',
    passwordHash: DEMO_HASH,
    totpSecret: 'KLJPODJOYP7XPQF4DJZGFMY6N3BHRZSY',
  },
  {
    email: 'admin@guarita.example',
    name: 'Alice Admin',
    role: 'admin',
    passwordHash: DEMO_HASH,
    totpSecret: 'S2GR33ME5HQWZ45DGLHGMHDTKZF7KMBK',
  },
];
