import { formatCep } from '@brazilian-utils/brazilian-utils/format-cep';
import { formatPhone } from '@brazilian-utils/brazilian-utils/format-phone';

/** 'fulano@gmail.com' → 'fu****@g****.com': enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  const keep = (s: string, n: number) => s.slice(0, n) + '*'.repeat(Math.max(3, s.length - n));
  return `${keep(user, Math.min(2, user.length))}@${keep(host, 1)}${tld}`;
}

/** '31987654321' → '(31) *****-4321'. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 10) return '*'.repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
  const ddd = digits.slice(0, 2);
  const rest = digits.slice(2);
  return `(${ddd}) ${'*'.repeat(rest.length - 4)}-${rest.slice(-4)}`;
}

export function formatPhoneBR(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10 || digits.length === 11) return formatPhone(digits, { mask: 'auto' });
  return phone;
}

export function formatZip(zip: string): string {
  const digits = zip.replace(/\D/g, '');
  return digits.length === 8 ? formatCep(digits) : zip;
}
