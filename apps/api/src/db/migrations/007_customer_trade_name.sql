-- A company's trade name (nome fantasia): how the app greets a CNPJ customer. Null for people.
ALTER TABLE customers ADD COLUMN trade_name text;
