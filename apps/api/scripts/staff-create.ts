/**
 * Creates a staff account and prints its TOTP enrolment URI (issue 13 §1, ADR 055).
 * Usage: npm run staff:create -- --email ana@empresa.com.br --role atendimento [--name "Ana Souza"]
 * The password comes from STAFF_PASSWORD (≥ 12 characters) or, without it, a random one printed once.
 * Uses the same database as the server (DATABASE_URL, else PGlite under DATA_DIR) and AUTH_SECRET (which seals the TOTP secret).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { STAFF_ROLES, staffEmailSchema, type StaffRole } from '@guarita/domain';
import { loadConfig } from '../src/config';
import { openPglite, openPostgres } from '../src/db/db';
import { migrateAs } from '../src/db/roles';
import { RateLimiter } from '../src/lib/rate-limit';
import { AuditLog } from '../src/modules/staff/audit';
import { StaffRepository } from '../src/modules/staff/repository';
import { StaffService } from '../src/modules/staff/service';
import { StaffTokens } from '../src/modules/staff/tokens';

const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } } });
const email = staffEmailSchema.safeParse(values.email ?? '');
const role = values.role as StaffRole | undefined;
if (!email.success || !role || !STAFF_ROLES.includes(role)) {
  console.error(`Usage: npm run staff:create -- --email <e-mail> --role <${STAFF_ROLES.join('|')}> [--name <name>]`);
  process.exit(2);
}
const given = process.env.STAFF_PASSWORD;
if (given !== undefined && given.length < 12) {
  console.error('STAFF_PASSWORD must have at least 12 characters.');
  process.exit(2);
}
const password = given ?? randomBytes(12).toString('base64url');

const config = loadConfig();
const { env } = config;
const db = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(path.resolve(env.DATA_DIR, 'pglite'));
try {
  await migrateAs(db, env.DATABASE_URL ? env.MIGRATION_DATABASE_URL : undefined);
  const service = new StaffService(
    db,
    new StaffRepository(db),
    new StaffTokens(config.keys, config.staff.tokenSeconds),
    new AuditLog(db),
    new RateLimiter(db, config.limits.windowSeconds),
    () => Date.now(),
    config.keys,
    config.staff,
  );
  const created = await service.create({ email: email.data, name: values.name ?? email.data, role, password });
  console.log(`Conta criada: ${email.data} (${role}), id ${created.id}`);
  if (given === undefined) console.log(`Senha (mostrada só agora): ${password}`);
  console.log('Cadastre o segundo fator no aplicativo autenticador com este endereço (ou um QR code dele):');
  console.log(created.otpauthUri);
} catch (err) {
  if ((err as { code?: string }).code === '23505') {
    console.error(`Já existe uma conta com o e-mail ${email.data}.`);
    process.exitCode = 1;
  } else throw err;
} finally {
  await db.destroy();
}
