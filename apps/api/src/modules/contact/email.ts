import { formatPhoneBR, type ContactMessage } from '@guarita/domain';

/** The spec's subject for the fale-conosco e-mail (000 §7: Assunto 'Contato via Site'). */
export const CONTACT_SUBJECT = 'Contato via Site';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Everything a visitor typed is text, never markup. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** Body (Corpo) of the e-mail: an HTML table of name, e-mail, phone and message, plus a text alternative. */
export function buildContactEmail(m: ContactMessage): { subject: string; text: string; html: string } {
  const rows: Array<[string, string]> = [
    ['Nome', m.name],
    ['E-mail', m.email],
    ['Telefone', formatPhoneBR(m.phone)],
    ['Mensagem', m.message],
  ];
  const cell = 'style="border:1px solid #d5dbd8;padding:6px 10px;text-align:left;vertical-align:top"';
  const html =
    '<!doctype html><html lang="pt-BR"><body>' +
    '<h1 style="font-size:18px">Contato via Site</h1>' +
    '<table style="border-collapse:collapse">' +
    rows
      .map(([label, value]) => `<tr><th ${cell}>${label}</th><td ${cell}>${escapeHtml(value).replace(/\r?\n/g, '<br>')}</td></tr>`)
      .join('') +
    '</table></body></html>';
  const text = rows.map(([label, value]) => (label === 'Mensagem' ? `${label}:\n${value}` : `${label}: ${value}`)).join('\n');
  return { subject: CONTACT_SUBJECT, text, html };
}
