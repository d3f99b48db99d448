-- Approvals of due-date, plan and vehicle changes, and the financeiro desk (issue 13 §2). ADR 055.

-- Every staff approval or rejection of a request is an event of its own (to_value 'aprovado' | 'reprovado'),
-- written by the case system in the decision's transaction; customer notifications are made from it.
ALTER TABLE case_events DROP CONSTRAINT case_events_kind_check;
ALTER TABLE case_events ADD CONSTRAINT case_events_kind_check
  CHECK (kind IN ('created', 'status', 'phase', 'comment', 'attachment', 'decision'));

-- A plan change may add towing without the 24h assistance that carries it on older contracts: towing is then an
-- item of its own, with its km option as the selected sub-item.
ALTER TABLE contract_items DROP CONSTRAINT contract_items_kind_check;
ALTER TABLE contract_items ADD CONSTRAINT contract_items_kind_check
  CHECK (kind IN ('roubo_furto', 'rastreador', 'assistencia', 'colisao', 'vidros', 'carro_reserva', 'reboque'));

-- Late Pix credits: financeiro marks a refund done with a note; who and when are kept on the row (and audited).
ALTER TABLE pix_late_payments ADD COLUMN refunded_at timestamptz;
ALTER TABLE pix_late_payments ADD COLUMN refund_note text;
ALTER TABLE pix_late_payments ADD COLUMN refunded_by text;   -- the staff member's e-mail (the audit row has the rest)

-- The desk lists advance requests and payment links newest first, keyset-paged on (created_at, id).
CREATE INDEX advance_requests_created_idx ON advance_requests (created_at DESC, id DESC);
CREATE INDEX payment_links_created_idx ON payment_links (created_at DESC, id DESC);
