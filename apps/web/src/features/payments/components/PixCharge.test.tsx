import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { buildPixPayload, cents, contractIdSchema, PAYMENT_MSG, PixConteudoDto } from '@guarita/domain';
import { apiError, dto, http, route, server } from '../../../../test/msw';
import { fakeLogin, pendingPix } from '../../../../test/fixtures';
import { clearSession } from '../../../lib/session';
import { PIX_POLL_MS } from '../api/get-pix';
import { PixCharge } from './PixCharge';

const TXID = 'GRT300301ABC123';
const PAYLOAD = buildPixPayload({
  key: '11222333000181',
  merchantName: 'GUARITA PROTECAO',
  merchantCity: 'BELO HORIZONTE',
  amount: cents(26683),
  txid: TXID,
});

const CHARGE = pendingPix({ txid: TXID, chaveAleatoria: PAYLOAD, valor: 26683, faturas: [31] });

/** The network boundary: GET /api/payments/pix/{txid} answers the statuses in `statuses`, one per poll (the last one repeats). */
let statuses: Array<PixConteudoDto['status']>;
let polls = 0;
const pollCount = () => polls;

beforeEach(() => {
  statuses = ['pending'];
  polls = 0;
  server.use(
    http.get(route('/api/payments/pix/{txid}'), ({ params }) => {
      if (params.txid !== TXID) return apiError(404, 'NOT_FOUND', 'Não encontrado.');
      polls += 1;
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      return dto(PixConteudoDto, { ...CHARGE, status, pagoEm: status === 'paid' ? '2026-11-22T13:05:00.000Z' : null });
    }),
  );
  fakeLogin('11222333000181');
});
afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand');
  vi.useRealTimers();
  clearSession();
});

function renderCharge(props: Partial<Parameters<typeof PixCharge>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PixCharge charge={CHARGE} nCtrId={contractIdSchema.parse(300301)} validityText={PAYMENT_MSG.pixValidity} {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { invalidate };
}

describe('PixCharge', () => {
  it('shows the QR image of the BR Code, the copy-and-paste key, the validity and the notice', async () => {
    renderCharge();
    const img = await screen.findByRole('img', { name: 'QR code do Pix de R$\u00a0266,83' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByLabelText('Pix copia e cola')).toHaveValue(PAYLOAD);
    expect(screen.getByLabelText('Pix copia e cola')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copiar Pix' })).toBeEnabled();
    expect(screen.getByText('QR code válido por 02 horas')).toBeInTheDocument();
    expect(screen.getByText('Você será notificado assim que o pagamento for confirmado')).toBeInTheDocument();
  });

  it('copies the key to the clipboard and confirms it', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderCharge();
    await user.click(screen.getByRole('button', { name: 'Copiar Pix' }));
    expect(writeText).toHaveBeenCalledWith(PAYLOAD);
    expect(await screen.findByText('Código Pix copiado!')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(PAYLOAD);
  });

  it('without clipboard access, selects the key so it can be copied by hand', async () => {
    const user = userEvent.setup();
    renderCharge();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const execCommand = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copiar Pix' }));
    const field = screen.getByLabelText<HTMLTextAreaElement>('Pix copia e cola');
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByText('Código selecionado: use a opção copiar do seu aparelho.')).toBeInTheDocument();
    expect(screen.queryByText('Código Pix copiado!')).not.toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(PAYLOAD.length);
  });

  it('polls the charge and shows the confirmation by itself when it is paid, refreshing the payments and bills', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    statuses = ['pending', 'paid'];
    const { invalidate } = renderCharge();
    await waitFor(() => expect(pollCount()).toBe(1)); // on mount: still pending
    expect(screen.getByRole('button', { name: 'Copiar Pix' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pagamento confirmado' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(PIX_POLL_MS));
    expect(await screen.findByRole('heading', { name: 'Pagamento confirmado' })).toBeInTheDocument();
    expect(pollCount()).toBe(2);
    expect(screen.getByText(/Recebemos o seu Pix de/)).toHaveTextContent('R$ 266,83');
    expect(screen.queryByRole('button', { name: 'Copiar Pix' })).not.toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['payments', 300301] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['contracts'] });

    // Paid is final: polling stops.
    await act(() => vi.advanceTimersByTimeAsync(PIX_POLL_MS * 3));
    expect(pollCount()).toBe(2);
  });

  it('an expired charge says so and offers a new Pix', async () => {
    statuses = ['expired'];
    const onRestart = vi.fn();
    const user = userEvent.setup();
    renderCharge({ onRestart });
    expect(await screen.findByText('Este Pix expirou sem pagamento. Gere um novo Pix para pagar.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gerar novo Pix' }));
    expect(onRestart).toHaveBeenCalledOnce();
  });

  it('a pending charge turns expired at its expiry time, without waiting for the server to say so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const charge = { ...CHARGE, dataExpiracao: new Date(Date.now() + 10_000).toISOString() };
    server.use(http.get(route('/api/payments/pix/{txid}'), () => dto(PixConteudoDto, charge))); // the server still says pending
    renderCharge({ charge, onRestart: vi.fn() });
    expect(await screen.findByRole('button', { name: 'Copiar Pix' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(10_100));
    expect(await screen.findByText('Este Pix expirou sem pagamento. Gere um novo Pix para pagar.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar Pix' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gerar novo Pix' })).toBeInTheDocument();
  });
});
