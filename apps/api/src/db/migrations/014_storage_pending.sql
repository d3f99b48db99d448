-- Issue 23 item 11 (ADR 035): files in storage that no row may account for. A key is recorded here, and committed,
-- before its file is written; the transaction that writes the row referencing the file deletes the record, and the one
-- that drops the last reference to a file records it. A record left behind (a crash, kill -9, a failed cleanup) is the
-- sweeper's: it deletes the file, then the record. No storage listing is ever needed.
CREATE TABLE storage_pending (
  storage_key text PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX storage_pending_created_idx ON storage_pending (created_at);
