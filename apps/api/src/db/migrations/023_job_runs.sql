-- Periodic jobs once per period across instances (issue 29 item 1; ADR 079).

-- One row per job and period: the instance that inserts it runs that period's pass, every other instance finds the row
-- and skips (INSERT … ON CONFLICT). `lease_until` is moved on while the pass runs; a pass whose instance died (no
-- `finished_at`, lease gone) may be taken over by another instance in the same period, and the next period is a new
-- row whatever became of this one. `outcome`/`result` say how the pass ended (counts only, never personal data).
CREATE TABLE job_runs (
  job           text NOT NULL CHECK (length(job) <= 100),
  period_start  timestamptz NOT NULL,
  instance      text NOT NULL CHECK (length(instance) <= 200),
  attempts      integer NOT NULL DEFAULT 1 CHECK (attempts >= 1),
  started_at    timestamptz NOT NULL,
  lease_until   timestamptz NOT NULL,
  finished_at   timestamptz,
  outcome       text CHECK (outcome IN ('done', 'failed')),
  result        jsonb,
  PRIMARY KEY (job, period_start)
);
-- "Is a pass of this job still under way?" (no overlap across periods) and the retention rule's scan.
CREATE INDEX job_runs_open_idx ON job_runs (job, lease_until) WHERE finished_at IS NULL;
CREATE INDEX job_runs_started_idx ON job_runs (started_at);
