-- The case system (issue 9): support cases, their comments, attachments and event log, the per-year case
-- number counter and the built-in analytics table. Reused by plan/due-date/vehicle change, spare car, claims
-- and the staff console. Field names mirror the CRM where they are the data's own names (Fase__c → phase).

-- Case numbers are 'YYYY-NNNNNN', sequential per calendar year (America/Sao_Paulo); see ADR 035.
CREATE TABLE case_number_counters (
  year      integer PRIMARY KEY,
  last_seq  integer NOT NULL
);

CREATE TABLE cases (
  id              text PRIMARY KEY,                    -- random UUID (never guessable)
  case_number     text NOT NULL UNIQUE,
  n_ctr_id        integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  customer_id     integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  request_type    text NOT NULL,                       -- support-page type: cancelamento, rastreador, … (domain REQUEST_TYPES)
  reason          text NOT NULL,                       -- Reason
  subject         text NOT NULL,                       -- Subject
  description     text NOT NULL,                       -- Description
  status          text NOT NULL DEFAULT 'New' CHECK (status IN ('New', 'Closed')),
  phase           text NOT NULL DEFAULT 'Aberto',      -- Fase__c
  requester       text NOT NULL DEFAULT 'Cliente',     -- Solicitante__c
  origin          text NOT NULL DEFAULT 'Web',         -- Origin
  terms_accepted  boolean NOT NULL DEFAULT true,       -- AceiteTermosCondicoes__c
  contact_phone   text,                                -- digits the customer typed on the support page
  details         jsonb NOT NULL DEFAULT '{}'::jsonb,  -- reason-specific payload fields of 001 §3, validated by the domain schemas
  customer_seen_at timestamptz,                        -- last time the owner opened the case (unread marker)
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cases_contract_idx ON cases (n_ctr_id, created_at DESC);
CREATE INDEX cases_customer_idx ON cases (customer_id);
-- The duplicate rule looks up open cases of a contract by reason and subject.
CREATE INDEX cases_open_idx ON cases (n_ctr_id, reason, subject) WHERE status = 'New';

CREATE TABLE case_comments (
  id           serial PRIMARY KEY,
  case_id      text NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  body         text NOT NULL,
  author_kind  text NOT NULL CHECK (author_kind IN ('customer', 'staff', 'system')),
  author_name  text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_comments_case_idx ON case_comments (case_id, created_at);

CREATE TABLE case_attachments (
  id             text PRIMARY KEY,                     -- random UUID
  case_id        text NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  customer_id    integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  document_type  text NOT NULL,                        -- ocorrido, ouvidoria, rg-cnh-frente, clrv, …
  content_type   text NOT NULL,                        -- detected by magic bytes (after re-encoding)
  size_bytes     integer NOT NULL CHECK (size_bytes > 0),
  sha256         text NOT NULL,
  storage_key    text NOT NULL UNIQUE,                 -- server-generated; never the client's name
  uploaded_by    text NOT NULL CHECK (uploaded_by IN ('customer', 'staff', 'system')),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_attachments_case_idx ON case_attachments (case_id);
CREATE INDEX case_attachments_customer_idx ON case_attachments (customer_id);

-- Every status/phase change (and creation, comments, attachments) with who and when.
CREATE TABLE case_events (
  id          serial PRIMARY KEY,
  case_id     text NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('created', 'status', 'phase', 'comment', 'attachment')),
  from_value  text,
  to_value    text,
  actor_kind  text NOT NULL CHECK (actor_kind IN ('customer', 'staff', 'system')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_events_case_idx ON case_events (case_id, created_at);

-- Built-in analytics port: events the product tracks (support_sent, …); no third-party script.
CREATE TABLE analytics_events (
  id           serial PRIMARY KEY,
  name         text NOT NULL,
  customer_id  integer REFERENCES customers(id) ON DELETE SET NULL,
  properties   jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_name_idx ON analytics_events (name, created_at);
