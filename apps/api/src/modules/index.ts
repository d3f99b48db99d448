import type { FastifyPluginAsync } from 'fastify';
import addresses from './addresses'; // CEP lookup (issue 9)
import auth from './auth';
import boot from './boot'; // refresh + first data in one round trip (ADR 058)
import cases from './cases'; // cases (issue 9)
import claims from './claims'; // claims (issue 11)
import contact from './contact';
import contracts from './contracts';
import customers from './customers';
import dev from './dev';
import dueDate from './due-date'; // due-date change (issue 12)
import payments from './payments';
import publicConfig from './public-config';
import plan from './plan';
import plans from './plans'; // plan catalogue, quotations, plan change (issue 12)
import trips from './trips';
import vehicles from './vehicles'; // vehicle change and spare car (issue 12)
import notifications from './notifications';
import passkeys from './passkeys'; // passkeys (issue 31 §1) // customer notifications (issue 13 §3)
import sso from './sso';
import staff from './staff'; // back office (issue 13)
import backoffice from './backoffice'; // staff console (issue 13)
import resumableUploads from './resumable-uploads'; // tus uploads of claim photos and attachments (issue 31 §2)
import retention from './retention'; // the housekeeping job: retention policy, upload sweep (ADR 066)

/**
 * The modules, one line each, registered in this order by app.ts. Each is a fastify-plugin with a `name` and
 * `dependencies` that decorates its service and registers its routes under /api; Fastify refuses to boot
 * when a module comes before one it depends on (ADR 005). A new module = its folder + one line here.
 *
 * (Not @fastify/autoload: it imports the files natively, which neither Vitest nor `node --import tsx` let it
 * do with our TypeScript sources.)
 */
export const modules: FastifyPluginAsync[] = [
  publicConfig,
  customers, // before auth: the login looks customers up through it
  contact, // before auth: the login's challenges are its CaptchaService's (issue 23)
  auth,
  contracts,
  payments, // needs contracts
  plan, // needs contracts (issue 10)
  trips, // needs contracts
  sso, // needs auth and contracts
  cases, // needs contracts (issue 9)
  claims, // needs cases and contracts (issue 11)
  resumableUploads, // needs contracts and claims (issue 31 §2, ADR 092)
  plans, // needs contracts, plan and cases (issue 12)
  dueDate, // needs contracts and cases (issue 12)
  vehicles, // needs cases and contracts (issue 12)
  addresses, // CEP lookup (issue 9)
  staff, // staff accounts, sessions, audit (issue 13)
  passkeys, // needs auth, customers and staff (issue 31 §1)
  notifications, // needs customers, contracts, payments, trips (issue 13 §3)
  backoffice, // needs staff, cases, claims, customers, contracts, notifications (issue 13; its customer context, issue 30)
  boot, // needs auth, customers, contracts, payments, notifications, plan, cases, trips, claims (ADR 058)
  dev,
  retention, // needs ports, trips; last: its first pass starts when everything else is ready
];
