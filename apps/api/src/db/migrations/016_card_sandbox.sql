-- Card data never reaches Guarita (issue 27, ADR 074). Two parts:
--
-- 1. The built-in card sandbox is a provider of its own (apps/api/src/ports/card-sandbox/): it keeps its key pair, its
--    vault (the card on file per reference) and its ledger (payments, idempotency keys, refunds, payment links) in
--    these card_sandbox_* tables, so it survives a restart and two instances share it. Guarita's own code never
--    reads them: only the sandbox module does, as a real provider's database would be out of our reach. No PAN and
--    no CVV is kept here either: the vault holds the brand, the last 4 digits and the test card's behaviour.
CREATE TABLE card_sandbox_keys (
  kid           text PRIMARY KEY,
  -- The RSA-OAEP-256 key pair the browser encrypts card fields to (compact JWE) and the HMAC key of its webhooks.
  private_jwk   jsonb NOT NULL,
  public_jwk    jsonb NOT NULL,
  hmac_key      text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE card_sandbox_vault (
  reference     text PRIMARY KEY,              -- 'contract:{nCtrId}' (Adyen's shopperReference)
  brand         text NOT NULL CHECK (brand IN ('mc', 'visa', 'amex')),
  last4         text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  behaviour     text NOT NULL,                 -- the test card's behaviour (SANDBOX_CARDS)
  exp_month     smallint,
  exp_year      smallint,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- One row per charge or card validation; a request with a known idempotency key replays `result`.
CREATE TABLE card_sandbox_payments (
  gateway_id       text PRIMARY KEY,
  idempotency_key  text NOT NULL UNIQUE,
  kind             text NOT NULL CHECK (kind IN ('charge', 'tokenize', 'link')),
  reference        text NOT NULL,
  amount_cents     integer NOT NULL CHECK (amount_cents >= 0),
  status           text NOT NULL CHECK (status IN ('approved', 'declined', 'action_required')),
  result           jsonb NOT NULL,
  -- While a 3DS challenge is open: the card to vault once it is passed (brand, last4, behaviour; no number).
  pending_card     jsonb,
  challenge_token  text UNIQUE,
  challenge_result text CHECK (challenge_result IN ('Y', 'N')),
  refunded_cents   integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  completed_at     timestamptz
);

CREATE TABLE card_sandbox_refunds (
  refund_id        text PRIMARY KEY,
  gateway_id       text NOT NULL REFERENCES card_sandbox_payments(gateway_id),
  idempotency_key  text NOT NULL UNIQUE,
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  status           text NOT NULL CHECK (status IN ('refunded', 'failed')),
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE card_sandbox_links (
  link_id          text PRIMARY KEY,           -- the merchant's link id (the webhook's merchantReference)
  gateway_id       text NOT NULL UNIQUE,
  reference        text NOT NULL,
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  description      text NOT NULL,
  return_url       text,
  expires_at       timestamptz NOT NULL,
  paid_gateway_id  text,
  paid_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- 2. Guarita's side: a card payment or card change waiting for the customer's 3-D Secure challenge. The gateway
--    answered `action_required`; the browser runs the provider's challenge and posts the details back, and the
--    charge is recorded (card_charges) or the card on file set once the gateway answers. The bills stay reserved
--    by the row while it is pending and not expired.
CREATE TABLE card_actions (
  gateway_id       text PRIMARY KEY,
  customer_id      integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  n_ctr_id         integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  purpose          text NOT NULL CHECK (purpose IN ('invoice', 'change')),
  idem_key         text NOT NULL,
  doc_entries      integer[] NOT NULL DEFAULT '{}',
  amount_cents     integer NOT NULL DEFAULT 0,
  gateway          text NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  answer           jsonb,
  expires_at       timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  completed_at     timestamptz
);
CREATE INDEX card_actions_contract_idx ON card_actions (n_ctr_id, status);
