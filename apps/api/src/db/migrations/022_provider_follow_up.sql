-- Chasing a provider's missing answer (issue 27 gap 3; ADR 081).

-- A refund the provider has not confirmed is asked about by the follow-up job (GET /pix/{e2eid}/devolucao/{id}):
-- `next_check_at` is when it may be asked next (null: REFUND_CHASE_AFTER_SECONDS after its last change), `checks` how
-- often it was asked. The job claims due rows with FOR UPDATE SKIP LOCKED and moves next_check_at on in the same
-- statement, so N instances ask about each refund once per period.
ALTER TABLE payment_refunds ADD COLUMN next_check_at timestamptz;
ALTER TABLE payment_refunds ADD COLUMN checks integer NOT NULL DEFAULT 0 CHECK (checks >= 0);

-- Every webhook the built-in sandboxes (card, Pix Automático) send, kept until our endpoint accepts it, as a real
-- provider keeps its notifications: written with the change it tells of, tried at once, retried with backoff
-- (1 min, 5 min, 30 min, 2 h, 6 h, then 12 h) on anything but a 2xx, given up ('failed') after 10 tries. `body` is the
-- exact text delivered (the signature is made over it at each try and never stored); `last_outcome` is only an HTTP
-- status or 'unreachable', never a header or the body.
CREATE TABLE sandbox_webhook_deliveries (
  id            bigserial PRIMARY KEY,
  source        text NOT NULL CHECK (source IN ('card-sandbox', 'pix-automatico-sandbox')),
  body          text NOT NULL CHECK (length(body) <= 65536),
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts      integer NOT NULL DEFAULT 0,
  run_after     timestamptz NOT NULL,
  last_outcome  text CHECK (length(last_outcome) <= 100),
  created_at    timestamptz NOT NULL,
  delivered_at  timestamptz
);
CREATE INDEX sandbox_webhook_deliveries_due_idx ON sandbox_webhook_deliveries (source, run_after, id) WHERE status = 'pending';
