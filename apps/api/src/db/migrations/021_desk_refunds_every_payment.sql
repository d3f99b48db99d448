-- Every kind of payment refundable from the financeiro desk through its provider (issue 27 gap 2; ADR 078).

-- The provider's payment of a paid link: its AUTHORISATION's payment id (Adyen's pspReference, the sandbox's
-- sbx_ch_…), which a refund names. `gateway_id` stays the link's own id at the provider (Adyen's PL…).
ALTER TABLE payment_links ADD COLUMN paid_gateway_id text CHECK (length(paid_gateway_id) <= 200);

-- Refunds (and their provider events) of payment links, Pix Automático charges (payment_id = the charge's txid)
-- and late Pix credits (payment_id = pix_late_payments.id: money kept after its bill was settled otherwise).
ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_payment_method_check;
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_payment_method_check
  CHECK (payment_method IN ('card', 'pix', 'link', 'pix_automatico', 'pix_credito'));
ALTER TABLE payment_provider_events DROP CONSTRAINT payment_provider_events_payment_method_check;
ALTER TABLE payment_provider_events ADD CONSTRAINT payment_provider_events_payment_method_check
  CHECK (payment_method IN ('card', 'pix', 'link', 'pix_automatico', 'pix_credito'));
