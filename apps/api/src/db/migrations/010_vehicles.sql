-- Vehicle port's built-in dataset (issue 12 §4, spec 001 §3 'Vehicle lookup result', §7 calls 12–13): FIPE brands
-- and models (real FIPE brand codes and model names) and a table of plates with what a plates service answers.
-- Reference data, like claim_photo_types: the built-in adapter (modules/vehicles/port.ts) reads it; a real
-- adapter (plates service, FIPE) would replace the port, not these rows. Values in cents.

CREATE TABLE vehicle_brands (
  code  text PRIMARY KEY CHECK (code ~ '^[0-9]{1,6}$'),
  name  text NOT NULL
);

CREATE TABLE vehicle_models (
  brand_code  text NOT NULL REFERENCES vehicle_brands (code),
  code        text NOT NULL CHECK (code ~ '^[0-9]{1,6}$'),
  name        text NOT NULL,
  -- models the insurer does not accept ('Ops, veículo não permitido')
  permitted   boolean NOT NULL DEFAULT true,
  PRIMARY KEY (brand_code, code)
);

CREATE TABLE vehicle_plates (
  plate             text PRIMARY KEY CHECK (plate ~ '^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$'),
  brand_code        text NOT NULL REFERENCES vehicle_brands (code),
  model_code        text NOT NULL,
  year              integer NOT NULL,
  model_year        integer NOT NULL,
  chassis           text NOT NULL,
  color             text NOT NULL,
  vehicle_type      text NOT NULL,
  passengers        integer NOT NULL,
  fuel              text NOT NULL,
  fipe_code         text NOT NULL,
  fipe_model        text NOT NULL,
  -- NULL: the FIPE table has no value for this vehicle ('Não foi possível recuperar valores (FIPE) do veículo!')
  fipe_value_cents  integer,
  FOREIGN KEY (brand_code, model_code) REFERENCES vehicle_models (brand_code, code)
);

INSERT INTO vehicle_brands (code, name) VALUES
  ('6', 'Audi'), ('7', 'BMW'), ('13', 'Citroën'), ('21', 'Fiat'), ('22', 'Ford'), ('23', 'GM - Chevrolet'),
  ('25', 'Honda'), ('26', 'Hyundai'), ('29', 'Jeep'), ('31', 'Kia Motors'), ('41', 'Mitsubishi'), ('43', 'Nissan'),
  ('44', 'Peugeot'), ('47', 'Porsche'), ('48', 'Renault'), ('56', 'Toyota'), ('59', 'VW - VolksWagen');

INSERT INTO vehicle_models (brand_code, code, name, permitted) VALUES
  ('6', '5496', 'A3 Sedan 2.0 TFSI', true),
  ('7', '7354', 'X1 SDRIVE 20i 2.0 Turbo', true),
  ('13', '9634', 'C3 Feel 1.6', true),
  ('21', '4827', 'Uno Mille 1.0 Fire', true),
  ('21', '9418', 'Strada Freedom 1.3 CD', true),
  ('21', '8935', 'Argo Drive 1.0', true),
  ('21', '9651', 'Pulse Drive 1.3', true),
  ('22', '7921', 'Ka SE 1.0', true),
  ('22', '9560', 'Ranger XLS 2.2 4x4 CD', true),
  ('23', '8587', 'Onix LT 1.0', true),
  ('23', '8984', 'Onix Plus Premier 1.0 Turbo', true),
  ('23', '9099', 'Tracker Premier 1.2 Turbo', true),
  ('23', '9522', 'S10 High Country 2.8 4x4 CD', true),
  ('25', '8630', 'Civic Sedan EXL 2.0', true),
  ('25', '9180', 'HR-V EXL 1.5', true),
  ('26', '8911', 'HB20 Comfort 1.0', true),
  ('26', '9301', 'Creta Limited 1.0 Turbo', true),
  ('29', '8480', 'Renegade Longitude 1.8', true),
  ('29', '9320', 'Compass Limited 1.3 T270', true),
  ('31', '9102', 'Sportage EX 1.6 Turbo', true),
  ('41', '5762', 'Lancer Evolution X 2.0 Turbo', false),
  ('41', '9350', 'L200 Triton Sport HPE 2.4', true),
  ('43', '9105', 'Kicks SV 1.6', true),
  ('43', '9463', 'GT-R 3.8 V6 Biturbo', false),
  ('44', '9503', '208 Active 1.6', true),
  ('47', '7740', 'Cayenne 3.0 V6', true),
  ('47', '9016', '911 Turbo S 3.8', false),
  ('48', '8720', 'Kwid Zen 1.0', true),
  ('48', '9290', 'Duster Intense 1.6', true),
  ('56', '8478', 'Corolla XEi 2.0', true),
  ('56', '9598', 'Corolla Cross XRE 2.0', true),
  ('56', '9449', 'Hilux SRX 2.8 4x4 CD', true),
  ('56', '9215', 'Yaris XL 1.5', true),
  ('59', '8773', 'Gol 1.0', true),
  ('59', '9206', 'T-Cross Highline 1.4 TSI', true),
  ('59', '9457', 'Nivus Highline 1.0 TSI', true),
  ('59', '8811', 'Amarok Highline 3.0 V6 CD', true);

-- Demo plates (old 'ABC1234' and Mercosul 'ABC1D23'), one per branch of the vehicle-change form: within the
-- insurable value, 150–200 thousand (the plan adjusts), above the maximum, a model not permitted, no FIPE value.
-- Any other plate is 'not found'.
INSERT INTO vehicle_plates (plate, brand_code, model_code, year, model_year, chassis, color, vehicle_type, passengers, fuel, fipe_code, fipe_model, fipe_value_cents) VALUES
  ('RTA1B23', '23', '8587', 2021, 2022, '9BGKS48U0NG123456', 'Prata', 'Automóvel', 5, 'Flex', '004457-3', 'Onix LT 1.0', 6489000),
  ('ABC1234', '21', '4827', 2012, 2013, '9BD15822AD6789012', 'Branco', 'Automóvel', 5, 'Flex', '001267-0', 'Uno Mille 1.0 Fire', 2235000),
  ('BRA2E19', '59', '9206', 2023, 2024, '9BWBH6BF4R4012345', 'Cinza', 'Automóvel', 5, 'Flex', '005488-9', 'T-Cross Highline 1.4 TSI', 12845000),
  ('QWE7D89', '25', '8630', 2019, 2019, '93HFC2630KZ123987', 'Preto', 'Automóvel', 5, 'Flex', '014083-0', 'Civic Sedan EXL 2.0', 10876000),
  ('STR4D22', '21', '9418', 2022, 2023, '9BD578A1NPY456123', 'Vermelho', 'Utilitário', 5, 'Flex', '001503-2', 'Strada Freedom 1.3 CD', 9812000),
  ('FRT4G56', '56', '9598', 2024, 2024, '9BRKZAAG1R0654321', 'Branco', 'Automóvel', 5, 'Flex', '002258-7', 'Corolla Cross XRE 2.0', 17290000),
  ('HLX2345', '56', '9449', 2021, 2021, '8AJBA3CD1M1234567', 'Prata', 'Caminhonete', 5, 'Diesel', '002243-9', 'Hilux SRX 2.8 4x4 CD', 23480000),
  ('PRS9A11', '47', '7740', 2022, 2022, 'WP1AA2AY6NDA01234', 'Azul', 'Automóvel', 5, 'Gasolina', '039055-1', 'Cayenne 3.0 V6', 62150000),
  ('EVO1X23', '41', '5762', 2014, 2014, 'JMYSNCY4AEU000789', 'Amarelo', 'Automóvel', 5, 'Gasolina', '022117-2', 'Lancer Evolution X 2.0 Turbo', 18990000),
  ('GHI5J67', '13', '9634', 2016, 2016, '935SL1FKYGB501234', 'Branco', 'Automóvel', 5, 'Flex', '007218-6', 'C3 Feel 1.6', NULL);
