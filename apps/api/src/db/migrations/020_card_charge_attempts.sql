-- A card charge whose answer may be lost (issue 27, gap 1; ADRs 074/075): the provider's AUTHORISATION webhook
-- settles it by merchantReference. Code: apps/api/src/modules/payments/card-attempts.ts.

-- One row per card charge sent to the provider and not yet settled: written with the reservation of its bills (in
-- the same transaction), deleted when its outcome is recorded — by the API answer, the customer's retry with the same
-- Idempotency-Key, or the provider's webhook, whichever comes first. `merchant_reference` is the idempotency key the
-- provider received (Adyen's merchantReference). 'sent': the call is under way (the idempotency key's reservation
-- holds the bills); 'unknown': the call failed with no answer (timeout, 5xx): the bills stay held until `held_until`
-- or until the provider says (an AUTHORISATION failure or a CANCELLATION releases them). Card data: none.
CREATE TABLE card_charge_attempts (
  merchant_reference  text PRIMARY KEY CHECK (length(merchant_reference) BETWEEN 1 AND 300),
  gateway             text NOT NULL,
  customer_id         integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  idem_key            text NOT NULL,
  scope               text NOT NULL,                 -- the idempotency key's scope and request hash, so the webhook
  request_hash        text NOT NULL,                 -- can store the answer a retry with that key replays
  n_ctr_id            integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  purpose             text NOT NULL CHECK (purpose IN ('invoice', 'advance')),
  doc_entries         integer[] NOT NULL,
  amount_cents        integer NOT NULL CHECK (amount_cents > 0),
  new_card            boolean NOT NULL,
  advance_due_date    date,                          -- advance: the advanced bill's due date (its answer's message)
  status              text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'unknown')),
  held_until          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_charge_attempts_held_idx ON card_charge_attempts USING gin (doc_entries) WHERE status = 'unknown';

-- An approval that came when its bills were no longer its to pay (its hold was over and they were paid, or are being
-- paid, another way): recorded as the money taken, bills untouched, and flagged for the financeiro desk to refund.
ALTER TABLE card_charges ADD COLUMN refund_due boolean NOT NULL DEFAULT false;
