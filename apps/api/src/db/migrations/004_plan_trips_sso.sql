-- Plan view (referrals, executives, required sub-items), trips and positions, single sign-on (issue 10).

-- 'obrigatorio' of the spec's sub-items: required sub-items are what the plan view lists as covered services.
ALTER TABLE contract_sub_items ADD COLUMN required boolean NOT NULL DEFAULT false;

-- Sales executives looked up by slpCode (COBRE plans show theirs).
CREATE TABLE executives (
  slp_code  integer PRIMARY KEY,
  nome      text NOT NULL,
  telefone  text NOT NULL
);

-- Customers referred with a contract's referral code (idIndc); in_debit mirrors ContractDiscounts.indebit.
CREATE TABLE referrals (
  id                serial PRIMARY KEY,
  referrer_n_ctr_id integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  referred_name     text NOT NULL,
  in_debit          boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referrals_referrer_idx ON referrals (referrer_n_ctr_id);

-- Tracker positions: the fastest-growing data we hold (see docs/decisions/032-positions-scale.md).
-- The primary key (n_ctr_id, ts) serves both the live position (last row) and a trip's route (a range).
CREATE TABLE positions (
  n_ctr_id   integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  ts         timestamptz NOT NULL,
  lat        double precision NOT NULL,
  lng        double precision NOT NULL,
  speed_kmh  real,
  ign        boolean NOT NULL,
  PRIMARY KEY (n_ctr_id, ts)
);

-- A trip is a span of a tracker's positions with its end-point addresses; soft-deleted by the customer.
CREATE TABLE trips (
  id             bigserial PRIMARY KEY,
  n_ctr_id       integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  started_at     timestamptz NOT NULL,
  ended_at       timestamptz NOT NULL CHECK (ended_at >= started_at),
  start_address  text NOT NULL,
  end_address    text NOT NULL,
  deleted        boolean NOT NULL DEFAULT false,
  deleted_at     timestamptz
);
-- The paged read: newest first, keyset on (started_at, id), deleted trips never touched.
CREATE INDEX trips_page_idx ON trips (n_ctr_id, started_at DESC, id DESC) WHERE NOT deleted;

-- Single sign-on: one-time tokens issued to a trusted system, stored only as a keyed hash. The rows are the audit trail.
CREATE TABLE sso_tokens (
  token_hash   text PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  issued_to    text NOT NULL,               -- which API key (its id, never the key)
  issuer_ip    text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  used_ip      text,
  outcome      text                         -- ok, expired, reused, wrong_contract
);
CREATE INDEX sso_tokens_customer_idx ON sso_tokens (customer_id, created_at DESC);
