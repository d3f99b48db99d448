-- Assignment and presence in the staff console (issue 30 items 10 and 14, ADR 086). Both are the console's own
-- data, not the case's: the case system port (cases module) keeps the case as the CRM knows it, and the back-office
-- module owns these two tables, as it owns case_staff_notes.

-- Who works a case now: at most one staff member per case; no row = nobody. Every change is audited (staff_audit).
CREATE TABLE case_assignments (
  case_id      text PRIMARY KEY REFERENCES cases(id) ON DELETE CASCADE,
  staff_id     integer NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  assigned_at  timestamptz NOT NULL DEFAULT now()
);
-- 'Meus casos': one staff member's cases.
CREATE INDEX case_assignments_staff_idx ON case_assignments (staff_id, case_id);

-- Who has a case open now: the case page's heartbeat (every 10 s) moves seen_at on the database clock, so every API
-- instance agrees on who is here; a row older than the expiry (30 s) is gone from every answer and deleted by the
-- next heartbeat on the case.
CREATE TABLE case_presence (
  case_id   text NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  staff_id  integer NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  seen_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (case_id, staff_id)
);
