-- Resumable uploads (issue 31 item 2, ADR 092): the tus endpoint /api/uploads keeps an upload's received bytes here, not
-- on a local disk, so that any instance can take the next chunk (the app runs on N instances; PGlite and PostgreSQL).
-- One row per upload, one row per received chunk (one PATCH, one transaction). A claim photo's bytes are deleted when
-- the photo is stored (the row stays, finished, so a client that lost the answer learns from HEAD that it is done); an
-- attachment's stay until a support request takes them. Rows go with expires_at (retention policy): 24 h after creation
-- while unfinished, 24 h after finishing once finished.
CREATE TABLE uploads (
  id             uuid PRIMARY KEY,
  customer_id    integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  destino        text NOT NULL CHECK (destino IN ('foto-sinistro', 'anexo')),
  metadata       jsonb NOT NULL,                        -- the validated fields only: {caso, tipo} or {contrato}
  upload_length  integer NOT NULL CHECK (upload_length > 0),
  upload_offset  integer NOT NULL DEFAULT 0 CHECK (upload_offset BETWEEN 0 AND upload_length),
  created_at     timestamptz NOT NULL DEFAULT now(),
  finished_at    timestamptz,
  expires_at     timestamptz NOT NULL
);
-- The 20-unfinished-uploads limit counts these; the lookups are by id and customer.
CREATE INDEX uploads_customer_unfinished_idx ON uploads (customer_id) WHERE finished_at IS NULL;
-- The retention pass: rows whose time is up.
CREATE INDEX uploads_expires_idx ON uploads (expires_at);

CREATE TABLE upload_chunks (
  upload_id     uuid NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  chunk_offset  integer NOT NULL CHECK (chunk_offset >= 0),
  bytes         bytea NOT NULL CHECK (length(bytes) > 0),
  PRIMARY KEY (upload_id, chunk_offset)
);
