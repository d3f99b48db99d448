-- Back-office console (issue 13): staff accounts with a password and a TOTP second factor, their sessions,
-- the append-only audit log of every staff action, and the staff-only notes on cases. ADR 055.

CREATE TABLE staff (
  id               serial PRIMARY KEY,
  email            text NOT NULL UNIQUE,               -- lower-cased
  name             text NOT NULL,
  role             text NOT NULL CHECK (role IN ('atendimento', 'sinistros', 'financeiro', 'admin')),
  password_hash    text NOT NULL,                      -- argon2id (PHC string)
  totp_secret      text NOT NULL,                      -- AES-256-GCM sealed with a key derived from AUTH_SECRET
  totp_last_step   bigint NOT NULL DEFAULT 0,          -- last accepted TOTP time step: a code is never accepted twice
  failed_attempts  integer NOT NULL DEFAULT 0,         -- consecutive failed logins
  locked_until     timestamptz,
  active           boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- One row per staff login. The session token (JWT, audience guarita-backoffice) names it; the row carries the
-- idle clock (last_seen_at) and the revocation (logout, logout everywhere).
CREATE TABLE staff_sessions (
  id            text PRIMARY KEY,                      -- random, in the JWT's sid
  staff_id      integer NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id) WHERE revoked_at IS NULL;

-- Every staff action: who (e-mail and role copied, so the row outlives the account), what, on which case or
-- customer, the values before and after, when and from where. No foreign keys: nothing may delete a row.
CREATE TABLE staff_audit (
  id           bigserial PRIMARY KEY,
  staff_id     integer,
  staff_email  text NOT NULL,
  role         text NOT NULL,
  action       text NOT NULL,
  case_number  text,
  customer_id  integer,
  before       jsonb,
  after        jsonb,
  ip           text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_created_idx ON staff_audit (created_at DESC, id DESC);

-- Append-only: an UPDATE or DELETE (or TRUNCATE) fails whoever runs it.
CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit is append-only';
END;
$$;
CREATE TRIGGER staff_audit_no_update BEFORE UPDATE OR DELETE ON staff_audit
  FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only();
CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON staff_audit
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only();

-- Staff-only notes on a case: a table of their own, so no customer read can ever return one.
CREATE TABLE case_staff_notes (
  id          serial PRIMARY KEY,
  case_id     text NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  staff_id    integer NOT NULL REFERENCES staff(id),
  author      text NOT NULL,                          -- the staff member's name when written
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_staff_notes_case_idx ON case_staff_notes (case_id, created_at);

-- The staff queue: open cases oldest first, keyset-paged on (created_at, id).
CREATE INDEX cases_queue_idx ON cases (status, created_at, id);

-- Vehicle use (registration change, 001 §2 'Utilização do veículo'): set when staff approve the change; null = never told.
ALTER TABLE contracts ADD COLUMN commercial_use boolean;
