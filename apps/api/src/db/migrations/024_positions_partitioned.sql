-- Positions partitioned by month of `ts` (issue 29 item 2; ADR 032's growth path, decided in ADR 080). The same on
-- PGlite and PostgreSQL (PGlite is PostgreSQL 18 and supports declarative partitioning): one schema, one set of plans.
-- Partitions are named positions_pYYYYMM and hold [first of the month, first of the next) in UTC; positions_default
-- takes any row no monthly partition covers, so a write never fails for want of a partition.

ALTER TABLE positions RENAME TO positions_unpartitioned;
ALTER INDEX positions_pkey RENAME TO positions_unpartitioned_pkey;

CREATE TABLE positions (
  n_ctr_id   integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  ts         timestamptz NOT NULL,
  lat        double precision NOT NULL,
  lng        double precision NOT NULL,
  speed_kmh  real,
  ign        boolean NOT NULL,
  PRIMARY KEY (n_ctr_id, ts)
) PARTITION BY RANGE (ts);
CREATE TABLE positions_default PARTITION OF positions DEFAULT;

-- The monthly partitions of `months` months from the month of `first_month`, those not there yet. Rows of such a month
-- already in positions_default move into its new partition (attaching a range the default holds rows of would fail).
-- SECURITY DEFINER: the housekeeping job runs it as the app's role, which may not create tables (ADR 010); the owner
-- creates them. The app reads and writes only the parent `positions`, whose grants are the ones checked, so a new
-- partition needs no grant of its own. search_path is fixed to the schema this migration ran in.
CREATE FUNCTION positions_create_partitions(first_month timestamptz, months integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  lo timestamptz;
  hi timestamptz;
  part text;
  created integer := 0;
BEGIN
  -- One maker at a time (two instances, or the job and a migration).
  PERFORM pg_advisory_xact_lock(724280);
  FOR i IN 0 .. months - 1 LOOP
    lo := (date_trunc('month', first_month AT TIME ZONE 'UTC') + make_interval(months => i)) AT TIME ZONE 'UTC';
    hi := (date_trunc('month', first_month AT TIME ZONE 'UTC') + make_interval(months => i + 1)) AT TIME ZONE 'UTC';
    part := 'positions_p' || to_char(lo AT TIME ZONE 'UTC', 'YYYYMM');
    CONTINUE WHEN to_regclass(part) IS NOT NULL;
    IF EXISTS (SELECT 1 FROM positions_default WHERE ts >= lo AND ts < hi) THEN
      EXECUTE format('CREATE TABLE %I (LIKE positions INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part);
      EXECUTE format('WITH moved AS (DELETE FROM positions_default WHERE ts >= %L AND ts < %L RETURNING *) '
                     'INSERT INTO %I SELECT * FROM moved', lo, hi, part);
      EXECUTE format('ALTER TABLE positions ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
    ELSE
      EXECUTE format('CREATE TABLE %I PARTITION OF positions FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
    END IF;
    created := created + 1;
  END LOOP;
  RETURN created;
END;
$$;

-- The retention's fast path (ADR 066, 080): drops the monthly partitions whose whole month is before `cutoff` (every
-- row in them is expired), instead of deleting their rows contract by contract. Answers how many it dropped.
CREATE FUNCTION positions_drop_partitions_before(cutoff timestamptz) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  part record;
  dropped integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(724280);
  FOR part IN
    SELECT c.relname
      FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'positions'::regclass AND c.relname ~ '^positions_p[0-9]{6}$'
       AND (make_date(substr(c.relname, 12, 4)::integer, substr(c.relname, 16, 2)::integer, 1) + interval '1 month')
             AT TIME ZONE 'UTC' <= cutoff
  LOOP
    EXECUTE format('DROP TABLE %I', part.relname);
    dropped := dropped + 1;
  END LOOP;
  RETURN dropped;
END;
$$;

-- The months the existing rows need (at most the last 25; older rows go to positions_default), this month and the next
-- two, then the rows themselves.
SELECT positions_create_partitions(f.first,
         (12 * (extract(year FROM f.now_utc) - extract(year FROM f.first_utc))
          + extract(month FROM f.now_utc) - extract(month FROM f.first_utc))::integer + 3)
  FROM (SELECT first, first AT TIME ZONE 'UTC' AS first_utc, now() AT TIME ZONE 'UTC' AS now_utc
          FROM (SELECT greatest(coalesce(min(ts), now()), now() - interval '25 months') AS first FROM positions_unpartitioned) m) f;
INSERT INTO positions SELECT n_ctr_id, ts, lat, lng, speed_kmh, ign FROM positions_unpartitioned;
DROP TABLE positions_unpartitioned;
