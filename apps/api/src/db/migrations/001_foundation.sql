-- Customers, their addresses, contracts with items and bills, and the login/session tables.
CREATE TABLE customers (
  id          serial PRIMARY KEY,
  document    text NOT NULL UNIQUE,          -- CPF (11) or CNPJ (14, may be alphanumeric), no mask
  kind        text NOT NULL CHECK (kind IN ('cpf', 'cnpj')),
  name        text NOT NULL,
  email       text,
  phone       text,                          -- contact phone (phone1)
  sms_phone   text,                          -- mobile that receives login codes; null = e-mail only
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE addresses (
  id            serial PRIMARY KEY,
  customer_id   integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  address_type  text NOT NULL CHECK (address_type IN ('Cobrança', 'Entrega')),
  street        text NOT NULL,
  street_no     text NOT NULL,
  building      text,                        -- complement
  block         text,                        -- neighbourhood
  city          text NOT NULL,
  state         char(2) NOT NULL,
  zip_code      text NOT NULL
);
CREATE INDEX addresses_customer_idx ON addresses (customer_id);

CREATE TABLE contracts (
  n_ctr_id            integer PRIMARY KEY,
  customer_id         integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  id_plan             text NOT NULL,
  plan_name           text NOT NULL,
  slp_code            integer,               -- seller code; card payment needs it
  status              text NOT NULL,         -- Ativo, Suspenso, Encerrado
  cancelled           boolean NOT NULL DEFAULT false,
  due_day             smallint NOT NULL CHECK (due_day BETWEEN 1 AND 31),
  validity_start      date NOT NULL,
  validity_end        date,
  possui_dispositivo  boolean NOT NULL DEFAULT false,
  fipe_limit_cents    integer,
  monthly_fee_cents   integer NOT NULL,
  card_summary        text CHECK (card_summary ~ '^[0-9]{4}$'),
  card_brand          text CHECK (card_brand IN ('mc', 'visa', 'amex')),
  id_indc             text,                  -- referral code
  plate               text,
  model               text,
  manufacturer        text,
  model_year          smallint,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contracts_customer_idx ON contracts (customer_id, n_ctr_id);

CREATE TABLE contract_items (
  id           serial PRIMARY KEY,
  n_ctr_id     integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  code         text NOT NULL,
  name         text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('roubo_furto', 'rastreador', 'assistencia', 'colisao', 'vidros', 'carro_reserva')),
  price_cents  integer NOT NULL DEFAULT 0
);
CREATE INDEX contract_items_contract_idx ON contract_items (n_ctr_id);

CREATE TABLE contract_sub_items (
  id          serial PRIMARY KEY,
  item_id     integer NOT NULL REFERENCES contract_items(id) ON DELETE CASCADE,
  code        text NOT NULL,
  name        text NOT NULL,
  towing_km   integer,                       -- towing distance option (guincho)
  selected    boolean NOT NULL DEFAULT false
);
CREATE INDEX contract_sub_items_item_idx ON contract_sub_items (item_id);

CREATE TABLE bills (
  doc_entry     serial PRIMARY KEY,
  n_ctr_id      integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  doc_due_date  date NOT NULL,
  doc_total     integer NOT NULL CHECK (doc_total >= 0),        -- cents
  valor_multa   integer NOT NULL DEFAULT 0 CHECK (valor_multa >= 0),
  valor_juros   integer NOT NULL DEFAULT 0 CHECK (valor_juros >= 0),
  id_status     char(1) NOT NULL CHECK (id_status IN ('I', 'A', 'P')),
  paid_at       timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bills_contract_idx ON bills (n_ctr_id, doc_due_date DESC);

-- Login: a session (Sessao) asks for codes; a code is bound to it and stored only as a keyed hash.
CREATE TABLE login_sessions (
  id           text PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);

CREATE TABLE login_codes (
  id          serial PRIMARY KEY,
  session_id  text NOT NULL REFERENCES login_sessions(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  channel     text NOT NULL CHECK (channel IN ('sms', 'email')),
  attempts    integer NOT NULL DEFAULT 0,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_codes_session_idx ON login_codes (session_id, created_at DESC);

-- Refresh tokens rotate inside a family; a reused token revokes the whole family.
CREATE TABLE token_families (
  id              text PRIMARY KEY,
  customer_id     integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,      -- absolute expiry, never extended by rotation
  revoked_at      timestamptz,
  revoked_reason  text
);

CREATE TABLE refresh_tokens (
  token_hash  text PRIMARY KEY,
  family_id   text NOT NULL REFERENCES token_families(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

CREATE TABLE rate_limit_hits (
  bucket  text NOT NULL,
  hit_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_hits_idx ON rate_limit_hits (bucket, hit_at);

-- Demo mode only: what the notifier "sent", so a new user can log in with no SMS provider.
CREATE TABLE dev_outbox (
  id          serial PRIMARY KEY,
  channel     text NOT NULL,
  to_addr     text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
