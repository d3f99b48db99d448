-- Plan catalogue, price table and quotations (issue 12 §1, ADR 051). Owned by the plans module, except the
-- contracts column below (owned by contracts). The catalogue is reference data: the demo seed loads realistic
-- figures (modules/plans/seed.ts); without rows the plan change answers 'Não foi possível carregar os planos
-- disponíveis', as the spec's back office did with an empty list.

-- The vehicle type of the insured vehicle (CAT_AGRAVO_*): FIPE-priced items carry its surcharge.
ALTER TABLE contracts ADD COLUMN vehicle_type text NOT NULL DEFAULT 'CAT_AGRAVO_VEICULO_LEVE'
  CHECK (vehicle_type IN ('CAT_AGRAVO_VEICULO_LEVE', 'CAT_AGRAVO_PICKUP_CAM', 'CAT_AGRAVO_OUTROS'));

-- One catalogue entry per plan id; the id carries its state (…_MG), annual ids _ANUAL before it (…_ANUAL_MG).
CREATE TABLE plan_catalogue (
  id_plano  text PRIMARY KEY,
  state     char(2) NOT NULL,
  channel   text NOT NULL CHECK (channel IN ('app', 'online')),  -- obterPlanosPorEstado/{UF}/app | /online (RECUP)
  nome      text NOT NULL,
  annual    boolean NOT NULL                                     -- prices of an annual plan are yearly
);
CREATE INDEX plan_catalogue_state_idx ON plan_catalogue (state, channel);

-- itensPlano: codigoItem, descricao, obrigatorio (the price is in plan_prices: it depends on the vehicle).
CREATE TABLE plan_items (
  id_plano     text NOT NULL REFERENCES plan_catalogue(id_plano) ON DELETE CASCADE,
  codigo_item  text NOT NULL,
  descricao    text NOT NULL,
  obrigatorio  boolean NOT NULL DEFAULT false,
  position     smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (id_plano, codigo_item)
);

-- The towing item's km options (formularioSubItens.subItemPlano … categoriaSubItem).
CREATE TABLE plan_towing_options (
  id_plano      text NOT NULL REFERENCES plan_catalogue(id_plano) ON DELETE CASCADE,
  codigo_item   text NOT NULL,
  descricao     text NOT NULL,
  id_linha      integer NOT NULL,
  data_vinculo  date NOT NULL,
  item_padrao   boolean NOT NULL DEFAULT false,
  PRIMARY KEY (id_plano, codigo_item)
);

-- Price rows: an item (or towing option) in one FIPE band (CAT_FIPE_{n}K), or flat (fipe_code NULL).
CREATE TABLE plan_prices (
  id           serial PRIMARY KEY,
  id_plano     text NOT NULL REFERENCES plan_catalogue(id_plano) ON DELETE CASCADE,
  codigo_item  text NOT NULL,
  fipe_code    text CHECK (fipe_code ~ '^CAT_FIPE_[0-9]+K$'),
  preco_cents  integer NOT NULL
);
-- One price per plan, item and band; NULL (flat) counts as one band.
CREATE UNIQUE INDEX plan_prices_key ON plan_prices (id_plano, codigo_item, COALESCE(fipe_code, ''));

-- Quotations (TrocaPlano / cotacoes/troca-plano): what the customer was shown and may accept until it expires.
-- The plan-change case carries the id; staff read exactly these numbers.
CREATE TABLE plan_quotations (
  id                   text PRIMARY KEY,                  -- random UUID: IdCotacao
  customer_id          integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  n_ctr_id             integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  id_plan_atual        text NOT NULL,
  id_plano             text NOT NULL,
  payment_type         text NOT NULL CHECK (payment_type IN ('M', 'A')),
  fipe_code            text NOT NULL,
  vehicle_type         text NOT NULL,
  initial_value_cents  integer NOT NULL CHECK (initial_value_cents >= 0),
  installments         smallint NOT NULL CHECK (installments >= 1),
  installment_cents    integer NOT NULL CHECK (installment_cents >= 0),
  quote                jsonb NOT NULL,                    -- required / added / notAdded lines, towing km, changes
  created_at           timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz NOT NULL
);
CREATE INDEX plan_quotations_contract_idx ON plan_quotations (n_ctr_id, created_at DESC);
CREATE INDEX plan_quotations_expiry_idx ON plan_quotations (expires_at);
