-- Customer notifications (issue 13 §3, ADR 056): the in-app list, the durable delivery queue (transactional
-- outbox: rows are written in the same transaction as what happened) and the customer's channel choices.

CREATE TABLE notifications (
  id               serial PRIMARY KEY,
  customer_id      integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  idempotency_key  text NOT NULL UNIQUE,               -- one per event: 'caso-evento:42', 'pix:<txid>:pago' …
  type             text NOT NULL CHECK (type IN ('pagamento_confirmado', 'pix_expirando', 'caso_aberto', 'comentario', 'fase',
                     'foto_reprovada', 'solicitacao_aprovada', 'solicitacao_reprovada', 'rastreador_silencioso')),
  title            text NOT NULL,
  body             text NOT NULL,
  target           text NOT NULL CHECK (target IN ('sinistro', 'suporte', 'pagamentos', 'mapa')),
  n_ctr_id         integer NOT NULL,
  case_number      text,
  precedence       smallint NOT NULL DEFAULT 0,          -- a later event with the same key and a higher one replaces the text
  read_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
-- The customer's list, newest first, keyset-paged on id; the bell's unread count.
CREATE INDEX notifications_customer_idx ON notifications (customer_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (customer_id) WHERE read_at IS NULL;

-- One delivery per notification and channel (in-app needs none: the row above is it). A worker claims due jobs
-- (FOR UPDATE SKIP LOCKED), pushing run_after forward as a lease, so a crashed worker's job comes back later.
CREATE TABLE notification_jobs (
  id               bigserial PRIMARY KEY,
  notification_id  integer NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  channel          text NOT NULL CHECK (channel IN ('email')),
  idempotency_key  text NOT NULL UNIQUE,               -- the notification's key + ':' + channel
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
  attempts         integer NOT NULL DEFAULT 0,
  run_after        timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  sent_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_jobs_due_idx ON notification_jobs (run_after, id) WHERE status = 'pending';

-- E-mail per group of notifications; no row = every group on.
CREATE TABLE notification_preferences (
  customer_id         integer PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  email_pagamentos    boolean NOT NULL DEFAULT true,
  email_solicitacoes  boolean NOT NULL DEFAULT true,
  email_rastreador    boolean NOT NULL DEFAULT true,
  updated_at          timestamptz NOT NULL DEFAULT now()
);
