-- Passkeys (issue 31 §1, ADR 089): WebAuthn credentials of customers (login without a code) and of staff (in place of
-- the authenticator code), the single-use challenges of their ceremonies, and which passkey opened a login.

CREATE TABLE passkeys (
  id             serial PRIMARY KEY,
  customer_id    integer REFERENCES customers(id) ON DELETE CASCADE,
  staff_id       integer REFERENCES staff(id) ON DELETE CASCADE,
  credential_id  text NOT NULL UNIQUE,                 -- base64url, as the authenticator made it
  public_key     text NOT NULL,                        -- COSE public key, base64url
  counter        bigint NOT NULL DEFAULT 0,            -- signature counter: an assertion must raise it (or both stay 0)
  transports     text[] NOT NULL DEFAULT '{}',
  name           text NOT NULL,                        -- the device as the customer sees it ('Chrome no Android')
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_used_at   timestamptz,
  CHECK ((customer_id IS NULL) <> (staff_id IS NULL))
);
CREATE INDEX passkeys_customer_idx ON passkeys (customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX passkeys_staff_idx ON passkeys (staff_id) WHERE staff_id IS NOT NULL;

-- One live challenge per binding: the login (token family) or staff session that asked to register, or the short-lived
-- pre-login cookie of a passkey login. Deleted when used (single use); expired rows go with the retention job.
CREATE TABLE passkey_challenges (
  binding     text PRIMARY KEY,                        -- 'registro:<family>', 'entrada:<keyed hash of the cookie>' …
  challenge   text NOT NULL,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- The passkey a login was opened with: removing the passkey ends those logins at once.
ALTER TABLE token_families ADD COLUMN passkey_id integer REFERENCES passkeys(id) ON DELETE SET NULL;
CREATE INDEX token_families_passkey_idx ON token_families (passkey_id) WHERE passkey_id IS NOT NULL;

-- Security notices (a passkey registered or removed) lead to Cadastro: no contract.
ALTER TABLE notifications ALTER COLUMN n_ctr_id DROP NOT NULL;
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN ('pagamento_confirmado', 'pix_expirando',
  'caso_aberto', 'comentario', 'fase', 'foto_reprovada', 'solicitacao_aprovada', 'solicitacao_reprovada',
  'rastreador_silencioso', 'acesso_biometria'));
ALTER TABLE notifications DROP CONSTRAINT notifications_target_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_target_check CHECK (target IN ('sinistro', 'suporte', 'pagamentos', 'mapa',
  'cadastro'));
