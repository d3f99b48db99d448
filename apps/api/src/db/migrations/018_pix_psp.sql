-- Pix through the BCB API Pix (issue 27 item 5, ADR 076).
-- The static BR Code sandbox has no PSP behind it: its devoluções (PixPsp.refund) are kept here, one row per
-- (received Pix, our refund id), so a repeated request answers the same refund and the sum never passes what was
-- received. The API Pix adapter keeps none: the PSP is the ledger.
CREATE TABLE pix_sandbox_refunds (
  id               serial PRIMARY KEY,
  end_to_end_id    text NOT NULL,
  refund_id        text NOT NULL,
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  status           text NOT NULL CHECK (status IN ('EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO')),
  rtr_id           text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (end_to_end_id, refund_id)
);
