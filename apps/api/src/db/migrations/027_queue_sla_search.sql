-- The queue's age, SLA and search (issue 30 items 11–12, ADR 085).
--
-- A target time per case Reason (the unit the queue already counts and filters by), in hours, seeded here with the
-- desk's defaults; admin changes them through PUT /api/backoffice/prazos/:motivo (audited).
CREATE TABLE case_sla_targets (
  reason        text PRIMARY KEY,
  target_hours  integer NOT NULL CHECK (target_hours BETWEEN 1 AND 8760),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
INSERT INTO case_sla_targets (reason, target_hours) VALUES
  ('Alteração de Dados Cadastrais', 24),
  ('Alteração de Plano', 48),
  ('Alteração de Vencimento', 48),
  ('Troca de Veículo', 72),
  ('Carro Reserva', 8),
  ('Suporte', 24),
  ('SAC', 168),          -- the SAC decree's 7 days (Decreto 11.034/2022)
  ('Contestação', 120),
  ('Colisão', 72),
  ('Vidros', 48),
  ('Furto', 24),
  ('Roubo', 24);

-- Each case's due time, stored so the queue sorts by time left with an index across reasons of different targets
-- (ADR 085). Set on insert from the reason's target (72 h for a reason with none, SLA_FALLBACK_HOURS in the domain);
-- a target change moves the due time of that reason's open cases (closed ones keep the target they were worked to).
ALTER TABLE cases ADD COLUMN due_at timestamptz;
UPDATE cases c
   SET due_at = c.created_at + make_interval(hours => coalesce((SELECT t.target_hours FROM case_sla_targets t WHERE t.reason = c.reason), 72));
-- The default only satisfies NOT NULL for the type generator's insert shape: the trigger below always sets it.
ALTER TABLE cases ALTER COLUMN due_at SET DEFAULT now(), ALTER COLUMN due_at SET NOT NULL;

CREATE FUNCTION cases_set_due_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.due_at := NEW.created_at
    + make_interval(hours => coalesce((SELECT t.target_hours FROM case_sla_targets t WHERE t.reason = NEW.reason), 72));
  RETURN NEW;
END $$;
CREATE TRIGGER cases_due_at BEFORE INSERT OR UPDATE OF reason, created_at ON cases
  FOR EACH ROW EXECUTE FUNCTION cases_set_due_at();

-- The queue's default order (time left, then id), keyset-paged like cases_queue_idx.
CREATE INDEX cases_due_idx ON cases (status, due_at, id);

-- Search: a customer by any word of the name (prefix), by e-mail (any case), a contract by plate.
CREATE INDEX customers_name_words_idx ON customers USING gin (to_tsvector('simple', name));
CREATE INDEX customers_email_lower_idx ON customers (lower(email));
CREATE INDEX contracts_plate_idx ON contracts (plate);
