-- The attachments of one request keep the order the customer sent them in (the spare-car request's photos, a
-- registration change's documents). They are inserted in one transaction, so created_at (the transaction's now()) is
-- the same for all, and the id is a random UUID: without a position, staff and the customer saw them in random order.
ALTER TABLE case_attachments ADD COLUMN position smallint NOT NULL DEFAULT 0;
