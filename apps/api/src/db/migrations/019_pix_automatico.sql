-- Pix Automático for the monthly fee (issue 27 item 6; ADR 077).

-- A contract's recurrence at the PSP (API Pix `Rec`). `status` is the PSP's (CRIADA → APROVADA | REJEITADA | EXPIRADA
-- | CANCELADA), copied from what the PSP answers, never from what a webhook body claims. At most one waiting or running
-- recurrence per contract (the partial unique index), so two clicks on "Autorizar" cannot make two.
CREATE TABLE pix_recurrences (
  id              serial PRIMARY KEY,
  n_ctr_id        integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  customer_id     integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  psp             text NOT NULL,
  id_rec          text NOT NULL UNIQUE CHECK (id_rec ~ '^[A-Za-z0-9]{1,35}$'),
  status          text NOT NULL CHECK (status IN ('CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA')),
  amount_cents    integer NOT NULL CHECK (amount_cents > 0),
  start_date      date NOT NULL,
  -- The BR Code the payer's bank reads (journey 2: a QR with the recurrence's location); kept while CRIADA.
  copy_paste      text,
  -- Demo sandbox only: its approval page (a real PSP has none; the bank app is the approval page).
  approval_url    text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  approved_at     timestamptz,
  ended_at        timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX pix_recurrences_live_idx ON pix_recurrences (n_ctr_id) WHERE status IN ('CRIADA', 'APROVADA');
CREATE INDEX pix_recurrences_contract_idx ON pix_recurrences (n_ctr_id, created_at DESC);

-- One recurring charge (API Pix `CobR`) per bill. The row is written, and committed, as 'sending' before the PSP is
-- called with the same txid (PUT /cobr/{txid} is idempotent on the txid), so a charge the PSP made is never lost to a
-- crash and a PSP that notifies before answering finds the row; the scan retries rows still 'sending'.
CREATE TABLE pix_recurring_charges (
  txid            text PRIMARY KEY CHECK (txid ~ '^[A-Za-z0-9]{26,35}$'),
  recurrence_id   integer NOT NULL REFERENCES pix_recurrences(id) ON DELETE CASCADE,
  doc_entry       integer NOT NULL UNIQUE REFERENCES bills(doc_entry) ON DELETE CASCADE,
  amount_cents    integer NOT NULL CHECK (amount_cents > 0),
  due_date        date NOT NULL,
  status          text NOT NULL CHECK (status IN ('sending', 'scheduled', 'paid', 'failed', 'cancelled')),
  psp_status      text,
  end_to_end_id   text,
  paid_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pix_recurring_charges_recurrence_idx ON pix_recurring_charges (recurrence_id, due_date DESC);
CREATE INDEX pix_recurring_charges_sending_idx ON pix_recurring_charges (created_at) WHERE status = 'sending';

-- The demo sandbox PSP's own books (ports/pix-automatico-sandbox.ts, demo mode only): its recurrences, the token of
-- each one's approval page, and the charges its "payer's bank" debits. In the database, so a restart or a second
-- instance sees the same sandbox.
CREATE TABLE sandbox_pix_recs (
  id_rec          text PRIMARY KEY,
  approval_token  text NOT NULL UNIQUE,
  status          text NOT NULL CHECK (status IN ('CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA')),
  contract_ref    text NOT NULL,
  debtor_name     text NOT NULL,
  object          text NOT NULL,
  amount_cents    integer NOT NULL CHECK (amount_cents > 0),
  start_date      date NOT NULL,
  copy_paste      text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_pix_cobrs (
  txid            text PRIMARY KEY,
  id_rec          text NOT NULL REFERENCES sandbox_pix_recs(id_rec) ON DELETE CASCADE,
  amount_cents    integer NOT NULL CHECK (amount_cents > 0),
  due_date        date NOT NULL,
  status          text NOT NULL CHECK (status IN ('CRIADA', 'ATIVA', 'CONCLUIDA', 'EXPIRADA', 'REJEITADA', 'CANCELADA')),
  end_to_end_id   text,
  paid_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
