-- The audit screen's filters (issue 30 item 1): who, action, case, customer, each with the period and the keyset
-- order (created_at DESC, id DESC), so a filtered page is one index range read however large the log grows (every
-- staff action adds a row). The period alone reads staff_audit_created_idx (migration 011).
--
-- On a large live log, build them beforehand with CREATE INDEX CONCURRENTLY under the same names (this migration
-- then finds them).
CREATE INDEX IF NOT EXISTS staff_audit_email_idx ON staff_audit (staff_email, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS staff_audit_action_idx ON staff_audit (action, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS staff_audit_case_idx ON staff_audit (case_number, created_at DESC, id DESC) WHERE case_number IS NOT NULL;
CREATE INDEX IF NOT EXISTS staff_audit_customer_idx ON staff_audit (customer_id, created_at DESC, id DESC) WHERE customer_id IS NOT NULL;
