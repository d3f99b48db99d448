import { MSG } from '@guarita/domain';
import { ensureFresh, getTokens } from '../../../lib/session';

/**
 * Downloads an owner-only PDF: the bearer token cannot ride on a plain link, so fetch it and hand the
 * browser a blob with the server's file name.
 */
export async function downloadContract(url: string, fallbackName: string): Promise<void> {
  if (!(await ensureFresh())) throw new Error(MSG.sessionExpired);
  const res = await fetch(url, { headers: { authorization: `Bearer ${getTokens()?.AccessToken ?? ''}` }, credentials: 'same-origin' });
  if (!res.ok) throw new Error('Não foi possível baixar o contrato. Tente novamente.');
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
