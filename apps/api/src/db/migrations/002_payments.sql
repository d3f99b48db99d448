-- Payments: idempotency records, card charges, Pix charges, payment links and advance requests.
-- Cards: only brand + last 4 digits are ever stored (contracts.card_brand / card_summary and below).

-- One row per (customer, Idempotency-Key): inserted first, locked, then completed with the answer,
-- so concurrent retries wait for the first and replay its answer (works the same on PGlite and PostgreSQL).
CREATE TABLE idempotency_keys (
  customer_id      integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  idem_key         text NOT NULL,
  scope            text NOT NULL,               -- card-payment, pix, advance
  request_hash     text NOT NULL,               -- keyed hash of the canonical request (never the card itself)
  response_status  integer,                     -- null while the first request is still running
  response_body    jsonb,
  created_at       timestamptz NOT NULL DEFAULT now(),
  completed_at     timestamptz,
  PRIMARY KEY (customer_id, idem_key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

CREATE TABLE card_charges (
  id               serial PRIMARY KEY,
  n_ctr_id         integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  customer_id      integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  purpose          text NOT NULL CHECK (purpose IN ('invoice', 'advance')),
  idem_key         text NOT NULL,
  doc_entries      integer[] NOT NULL,
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  installments     smallint NOT NULL DEFAULT 1,
  currency         char(3) NOT NULL DEFAULT 'BRL',
  slp_code         integer,
  card_brand       text CHECK (card_brand IN ('mc', 'visa', 'amex')),
  card_last4       text CHECK (card_last4 ~ '^[0-9]{4}$'),
  gateway          text NOT NULL,
  gateway_id       text NOT NULL,
  status           text NOT NULL CHECK (status IN ('approved', 'declined')),
  decline_code     text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, idem_key)
);
CREATE INDEX card_charges_contract_idx ON card_charges (n_ctr_id, created_at DESC);

-- A Pix negotiation: while pending and not expired, its bills cannot be negotiated or paid another way.
CREATE TABLE pix_charges (
  id               serial PRIMARY KEY,        -- numeroInterno
  txid             text NOT NULL UNIQUE,
  n_ctr_id         integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  customer_id      integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  purpose          text NOT NULL CHECK (purpose IN ('invoice', 'advance')),
  doc_entries      integer[] NOT NULL,
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  slp_code         integer NOT NULL,          -- 16 (spec 000 §9)
  due_date         date NOT NULL,             -- tomorrow at creation
  payload          text NOT NULL,             -- BR Code "copia e cola"
  psp              text NOT NULL,
  psp_reference    text NOT NULL,
  location         text,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired')),
  expires_at       timestamptz NOT NULL,      -- created_at + 360 minutes
  paid_at          timestamptz,
  end_to_end_id    text,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pix_charges_contract_idx ON pix_charges (n_ctr_id, status, expires_at);

-- Advance by payment link (LP): a hosted checkout for one bill.
CREATE TABLE payment_links (
  id               text PRIMARY KEY,
  n_ctr_id         integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  customer_id      integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  doc_entries      integer[] NOT NULL,
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  url              text NOT NULL,
  gateway          text NOT NULL,
  gateway_id       text NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired')),
  expires_at       timestamptz NOT NULL,
  paid_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_links_contract_idx ON payment_links (n_ctr_id, status, expires_at);

CREATE TABLE advance_requests (
  id               serial PRIMARY KEY,
  n_ctr_id         integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  customer_id      integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  doc_entry        integer NOT NULL REFERENCES bills(doc_entry) ON DELETE CASCADE,
  method           char(2) NOT NULL CHECK (method IN ('PI', 'CC', 'LP')),
  amount_cents     integer NOT NULL,
  status           text NOT NULL CHECK (status IN ('processing', 'paid', 'failed')),
  pix_txid         text REFERENCES pix_charges(txid),
  link_id          text REFERENCES payment_links(id),
  card_charge_id   integer REFERENCES card_charges(id),
  expires_at       timestamptz,               -- PI/LP: the negotiation's expiry; processing only until then
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX advance_requests_contract_idx ON advance_requests (n_ctr_id, status);
