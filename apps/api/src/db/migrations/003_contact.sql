-- Contact form ("Fale conosco"): ALTCHA challenges already spent, so a solved challenge is accepted once.
-- A row lives until the challenge itself expires; after that the signature check refuses it anyway.
CREATE TABLE contact_captcha_spent (
  nonce       text PRIMARY KEY,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX contact_captcha_spent_expiry_idx ON contact_captcha_spent (expires_at);
