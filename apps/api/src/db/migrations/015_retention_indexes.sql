-- Retention (ADR 066): each batch of the housekeeping job finds its expired rows through an index on the column its
-- rule reads, so a pass over a table with nothing to delete is one index probe, not a scan of the whole table.
-- (positions and trips are pruned contract by contract along their primary key and page index; login_codes and
-- refresh_tokens through their parents' ids, already indexed.) IF NOT EXISTS: on a large database an operator may build
-- them beforehand with CREATE INDEX CONCURRENTLY, and this migration then does nothing.
CREATE INDEX IF NOT EXISTS login_sessions_expires_idx ON login_sessions (expires_at);
CREATE INDEX IF NOT EXISTS token_families_expires_idx ON token_families (expires_at);
CREATE INDEX IF NOT EXISTS sso_tokens_created_idx ON sso_tokens (created_at);
CREATE INDEX IF NOT EXISTS staff_sessions_seen_idx ON staff_sessions (last_seen_at);
CREATE INDEX IF NOT EXISTS notifications_created_idx ON notifications (created_at);
CREATE INDEX IF NOT EXISTS notification_jobs_done_idx ON notification_jobs (created_at) WHERE status <> 'pending';
CREATE INDEX IF NOT EXISTS analytics_events_created_idx ON analytics_events (created_at);
CREATE INDEX IF NOT EXISTS dev_outbox_created_idx ON dev_outbox (created_at);
