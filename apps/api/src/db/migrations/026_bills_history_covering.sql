-- The bill history reads a contract's bills from the index alone (issue 29 item 3, ADR 083). A contract's bills are
-- written a month apart, so each sits on a heap page of its own: read cold, 36 months of them cost 37 page reads
-- (measured on the full-size seed); with the columns the history answers included, they are one or two index pages.
-- The visibility map (VACUUM, autovacuum) is what lets the scan skip the heap.
--
-- On a large live table, build it beforehand with CREATE INDEX CONCURRENTLY under the same name (this migration then
-- finds it): a plain build holds writes to bills while it runs (about a minute for 54M rows here).
CREATE INDEX IF NOT EXISTS bills_history_idx ON bills (n_ctr_id, doc_due_date DESC)
  INCLUDE (doc_entry, doc_total, valor_multa, valor_juros, id_status, paid_at);
-- Every read of bills_contract_idx (a contract's bills, by due date) is served by the new index's same key.
DROP INDEX IF EXISTS bills_contract_idx;
