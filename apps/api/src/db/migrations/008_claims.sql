-- Claims (issue 11, spec 002): the claim side of a case (the case itself is the case system's, migration 006),
-- the photo/document types each claim reason asks for, and the evidence uploaded per type.

-- Photo/document types per claim kind (002 §3 Photo type: Id, Titulo, Obrigatorio). Reference data: staff
-- would edit these; the web shows one upload step per required type, in `position` order.
CREATE TABLE claim_photo_types (
  kind          text NOT NULL CHECK (kind IN ('colisao', 'vidros')),
  id            text NOT NULL,
  title         text NOT NULL,
  required      boolean NOT NULL DEFAULT true,
  position      integer NOT NULL,
  instructions  text NOT NULL,
  PRIMARY KEY (kind, id)
);

INSERT INTO claim_photo_types (kind, id, title, required, position, instructions) VALUES
  ('colisao', 'cnh', 'CNH do condutor', true, 1, 'Fotografe a CNH aberta, frente e verso visíveis, sem reflexos.'),
  ('colisao', 'crlv', 'Documento do veículo (CRLV)', true, 2, 'Fotografe o CRLV inteiro ou envie o PDF do CRLV digital.'),
  ('colisao', 'boletim-ocorrencia', 'Boletim de ocorrência', true, 3, 'Envie o boletim de ocorrência completo em PDF (até 5 MB).'),
  ('colisao', 'frente', 'Frente do veículo', true, 4, 'Afaste-se uns 3 metros e fotografe a frente inteira, com a placa legível.'),
  ('colisao', 'traseira', 'Traseira do veículo', true, 5, 'Fotografe a traseira inteira, com a placa legível.'),
  ('colisao', 'lateral-esquerda', 'Lateral esquerda', true, 6, 'Fotografe o lado do motorista inteiro, de uma ponta à outra.'),
  ('colisao', 'lateral-direita', 'Lateral direita', true, 7, 'Fotografe o lado do passageiro inteiro, de uma ponta à outra.'),
  ('colisao', 'painel', 'Painel com o odômetro', true, 8, 'Com o carro ligado, fotografe o painel mostrando a quilometragem.'),
  ('colisao', 'dano-detalhe', 'Dano em detalhe', true, 9, 'Aproxime-se e fotografe cada dano de perto, com boa iluminação.'),
  ('colisao', 'chassi', 'Número do chassi', false, 10, 'Fotografe o número do chassi gravado no vidro ou na carroceria.'),
  ('vidros', 'cnh', 'CNH do condutor', true, 1, 'Fotografe a CNH aberta, frente e verso visíveis, sem reflexos.'),
  ('vidros', 'crlv', 'Documento do veículo (CRLV)', true, 2, 'Fotografe o CRLV inteiro ou envie o PDF do CRLV digital.'),
  ('vidros', 'frente', 'Frente do veículo', true, 3, 'Fotografe a frente inteira do veículo, com a placa legível.'),
  ('vidros', 'para-brisa', 'Vidro danificado inteiro', true, 4, 'Fotografe o vidro danificado inteiro, de fora do veículo.'),
  ('vidros', 'vidro-detalhe', 'Dano no vidro em detalhe', true, 5, 'Aproxime-se e fotografe a trinca ou o impacto, com uma moeda ao lado para escala.'),
  ('vidros', 'nota-fiscal', 'Nota fiscal do reparo', false, 6, 'Se já trocou o vidro, envie a nota fiscal do serviço.');

-- The claim side of a case: the form's payload (002 §3), the chosen reason, total-loss flag and the
-- evidence declaration. One row per claim case; the case (number, status, phase, comments) is in `cases`.
CREATE TABLE claims (
  case_id                 text PRIMARY KEY REFERENCES cases(id) ON DELETE CASCADE,
  customer_id             integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  n_ctr_id                integer NOT NULL REFERENCES contracts(n_ctr_id) ON DELETE CASCADE,
  kind                    text NOT NULL CHECK (kind IN ('colisao', 'vidros')),
  claim_reason            text NOT NULL,                 -- Colisão, Vidros, Danos da natureza, Incêndio
  payload                 jsonb NOT NULL,                -- the case-creation payload of 002 §3, as built by the domain
  qualified_total_loss    boolean NOT NULL DEFAULT false, -- Qualificado_como_PT__c
  declaration_accepted_at timestamptz,                   -- the evidence declaration (002 §2.3)
  created_at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX claims_customer_idx ON claims (customer_id, created_at DESC);
CREATE INDEX claims_contract_idx ON claims (n_ctr_id);

-- Evidence: at most one file per (claim, type); uploading the same type again replaces it (002 §2.3).
CREATE TABLE claim_photos (
  case_id          text NOT NULL REFERENCES claims(case_id) ON DELETE CASCADE,
  type_id          text NOT NULL,
  customer_id      integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  content_type     text NOT NULL,
  size_bytes       integer NOT NULL CHECK (size_bytes > 0),
  sha256           text NOT NULL,
  storage_key      text NOT NULL UNIQUE,                 -- server-generated
  approved         boolean,                              -- Aprovacao: null pending, true approved, false rejected
  rejection_text   text,                                 -- TextoReprovacao
  uploaded_at      timestamptz NOT NULL DEFAULT now(),
  reviewed_at      timestamptz,
  PRIMARY KEY (case_id, type_id)
);
CREATE INDEX claim_photos_customer_idx ON claim_photos (customer_id);
