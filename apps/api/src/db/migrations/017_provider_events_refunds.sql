-- What each payment provider told us, and refunds made from the financeiro desk (issue 27 item 7). ADR 078.

-- Every provider notification we received (card webhooks, Pix webhooks, devolução answers, Pix Automático…), one row
-- per (provider, event id) whatever the retries. `payload` is the provider's message with anything card-like removed
-- (stripCardData: no PAN, no CVV, no encrypted card field ever). The desk shows a payment's history by its provider
-- reference (the card gatewayId, the Pix txid or endToEndId) and, when the handler knew it, by our payment id.
CREATE TABLE payment_provider_events (
  id                  bigserial PRIMARY KEY,
  provider            text NOT NULL CHECK (length(provider) BETWEEN 1 AND 40),
  event_id            text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 200),
  kind                text NOT NULL CHECK (length(kind) BETWEEN 1 AND 60),
  provider_reference  text CHECK (length(provider_reference) <= 200),
  payment_method      text CHECK (payment_method IN ('card', 'pix', 'link', 'pix_automatico')),
  payment_id          text CHECK (length(payment_id) <= 100),
  success             boolean,
  amount_cents        integer,
  payload             jsonb NOT NULL,
  received_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, event_id)
);
CREATE INDEX payment_provider_events_ref_idx ON payment_provider_events (provider_reference, received_at);
CREATE INDEX payment_provider_events_payment_idx ON payment_provider_events (payment_method, payment_id, received_at);

-- A refund asked from the desk: reserved here (status 'requested', committed) before the provider is called, so two
-- refunds of one payment can never add up to more than was paid; then 'pending' (the provider took it and will
-- confirm), 'refunded' (the provider confirmed) or 'failed' (the provider refused; it counts for nothing).
-- A retry with the same idempotency key answers the same row and calls the provider, if at all, with the same
-- refund id. Only a confirmed refund changes what the desk shows as refunded.
CREATE TABLE payment_refunds (
  id                  serial PRIMARY KEY,
  payment_method      text NOT NULL CHECK (payment_method IN ('card', 'pix', 'link')),
  payment_id          text NOT NULL,
  n_ctr_id            integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  customer_id         integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  provider            text NOT NULL,
  provider_reference  text NOT NULL,                 -- the payment at the provider: card gatewayId, Pix endToEndId
  refund_id           text NOT NULL UNIQUE CHECK (refund_id ~ '^[A-Za-z0-9]{1,35}$'),  -- ours; Pix devolução id
  provider_refund_id  text,                          -- the provider's (card refundId, Pix rtrId)
  amount_cents        integer NOT NULL CHECK (amount_cents > 0),
  reason              text NOT NULL CHECK (length(reason) BETWEEN 3 AND 500),
  status              text NOT NULL DEFAULT 'requested'
                        CHECK (status IN ('requested', 'pending', 'refunded', 'failed')),
  failure_reason      text,
  idem_key            text NOT NULL,
  request_hash        text NOT NULL,
  requested_by_id     integer,
  requested_by        text NOT NULL,                 -- the staff member's e-mail (the audit row has the rest)
  requested_at        timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  confirmed_at        timestamptz,
  UNIQUE (payment_method, payment_id, idem_key)
);
CREATE INDEX payment_refunds_payment_idx ON payment_refunds (payment_method, payment_id);
CREATE INDEX payment_refunds_open_idx ON payment_refunds (provider_reference) WHERE status IN ('requested', 'pending');
