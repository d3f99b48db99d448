-- Hardening (issue 7).

-- Card charges run outside the bills' row locks: reserve (this row, committed), call the gateway, settle.
-- While a reservation is live, other payments of these bills answer 409; a reservation left by a crash expires.
ALTER TABLE idempotency_keys ADD COLUMN reserved_doc_entries integer[];
ALTER TABLE idempotency_keys ADD COLUMN reserved_until timestamptz;

-- A login family belongs to one customer; tokens naming another customer are refused (checked on every request).
-- (token_families.customer_id already exists; the check is in the query.)

-- Late Pix: money received after the charge expired is never ignored. Settled late, or kept as a credit to refund.
-- Staff look here (a later issue builds the staff console).
CREATE TABLE pix_late_payments (
  id               serial PRIMARY KEY,
  pix_charge_id    integer NOT NULL REFERENCES pix_charges(id) ON DELETE CASCADE,
  txid             text NOT NULL,
  customer_id      integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  n_ctr_id         integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  end_to_end_id    text NOT NULL UNIQUE,
  amount_cents     integer NOT NULL,
  outcome          text NOT NULL CHECK (outcome IN ('settled', 'credit')),
  settled_doc_entries integer[] NOT NULL DEFAULT '{}',
  credit_cents     integer NOT NULL DEFAULT 0 CHECK (credit_cents >= 0),
  refund_status    text NOT NULL DEFAULT 'none' CHECK (refund_status IN ('none', 'pending', 'refunded')),
  customer_notified_at timestamptz,
  received_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pix_late_payments_refund_idx ON pix_late_payments (refund_status, received_at);

-- Login for a valid document that is not a customer (ASVS 6.3.8): answered like a known one, with a session that never
-- receives a code. Kept apart from login_sessions (which belong to a customer).
CREATE TABLE login_decoy_sessions (
  id                 text PRIMARY KEY,
  document           text NOT NULL,
  code_requested_at  timestamptz,
  attempts           integer NOT NULL DEFAULT 0,
  expires_at         timestamptz NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_decoy_sessions_expires_idx ON login_decoy_sessions (expires_at);
