import { describe, expect, it } from 'vitest';
import { contactFormError, contactRequestSchema, contactSchema, isPhoneWithAreaCode, missingContactFields } from './contact';
import { MSG } from './messages';

const ok = { name: 'Ana Souza', email: 'ana@example.com', phone: '(31) 98765-4321', message: 'Quero saber mais.' };

describe('contact form rules', () => {
  it('accepts a complete message and trims it', () => {
    expect(contactSchema.parse({ ...ok, name: '  Ana Souza ' })).toEqual(ok);
    expect(contactFormError(ok)).toBeNull();
  });

  it("any empty or missing field gives 'Preencha todos os campos!' before any other message", () => {
    for (const field of ['name', 'email', 'phone', 'message'] as const) {
      expect(contactFormError({ ...ok, [field]: '   ' })).toEqual({ message: MSG.contactIncomplete });
    }
    // An invalid e-mail next to an empty message still reports the empty field.
    expect(contactFormError({ ...ok, email: 'nope', message: '' })?.message).toBe(MSG.contactIncomplete);
    const { phone: _drop, ...withoutPhone } = ok;
    expect(contactSchema.safeParse(withoutPhone).error?.issues[0]?.message).toBe(MSG.contactIncomplete);
    expect(missingContactFields({ name: 'x', email: '' })).toEqual(['email', 'phone', 'message']);
  });

  it('checks the e-mail and the phone with area code', () => {
    expect(contactFormError({ ...ok, email: 'ana@' })).toEqual({ message: MSG.invalidEmail, field: 'email' });
    expect(contactFormError({ ...ok, phone: '98765-4321' })).toEqual({ message: MSG.invalidPhone, field: 'phone' });
    expect(isPhoneWithAreaCode('(31) 3333-4444')).toBe(true);
    expect(isPhoneWithAreaCode('(01) 3333-4444')).toBe(false);
  });

  it('the API body also needs the captcha payload, after the fields', () => {
    expect(contactRequestSchema.safeParse(ok).error?.issues[0]?.message).toBe(MSG.captchaFailed);
    expect(contactRequestSchema.safeParse({ ...ok, name: '' }).error?.issues[0]?.message).toBe(MSG.contactIncomplete);
    expect(contactRequestSchema.parse({ ...ok, altcha: 'abc' }).altcha).toBe('abc');
    expect(contactRequestSchema.safeParse({ ...ok, altcha: 'x'.repeat(5000) }).success).toBe(false);
  });

  it('limits sizes with a pt-BR message', () => {
    expect(contactFormError({ ...ok, message: 'x'.repeat(2001) })?.message).toBe('A mensagem pode ter no máximo 2000 caracteres.');
  });
});
