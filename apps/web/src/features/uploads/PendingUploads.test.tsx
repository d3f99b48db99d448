import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tusServer } from '../../../test/fake-tus';
import { fakeLogin } from '../../../test/support-fixtures';
import { clearSession } from '../../lib/session';
import { sendPhoto } from '../../lib/uploads/send';
import { PendingUploads } from './PendingUploads';

const photo = () => new Blob([new Uint8Array(600 * 1024)], { type: 'image/jpeg' });

describe("'Aguardando envio' (ADR 093)", () => {
  afterEach(() => {
    clearSession();
    vi.restoreAllMocks();
  });

  it('nothing waiting: nothing shown', () => {
    const { container } = render(<PendingUploads />);
    expect(container).toBeEmptyDOMElement();
  });

  it('each file with its title, a named progress bar and its state; a polite summary; a refusal offers retry and discard', async () => {
    fakeLogin();
    tusServer.cutAfterChunks = 1;
    render(<PendingUploads />);
    await act(() => sendPhoto({ blob: photo(), name: 'frente.jpg', caso: '2026-000007', tipo: 'frente', titulo: 'Frente do veículo' }));
    const list = screen.getByRole('region', { name: 'Aguardando envio' });
    expect(within(list).getByText('Frente do veículo')).toBeInTheDocument();
    expect(within(list).getByRole('progressbar', { name: 'Envio de Frente do veículo' })).toHaveValue(43);
    expect(within(list).getByText('Aguardando conexão')).toBeInTheDocument();
    expect(within(list).getByRole('status')).toHaveTextContent('1 arquivo aguardando conexão.');
    expect(within(list).queryByRole('button')).toBeNull();

    // Back online, the server refuses it at the last byte: its message, and the two choices.
    tusServer.down = false;
    tusServer.cutAfterChunks = null;
    tusServer.finish = () => ({ status: 415, body: { erro: 'UNSUPPORTED_FILE_TYPE', mensagem: 'Formato de arquivo não aceito.' } });
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await within(list).findByText('Formato de arquivo não aceito.')).toBeInTheDocument();
    expect(within(list).getByRole('status')).toHaveTextContent('1 arquivo não aceito.');
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Descartar: Frente do veículo' }));
    expect(screen.queryByRole('region', { name: 'Aguardando envio' })).toBeNull();
  });

  it("'Enviando… n%' while it goes", async () => {
    fakeLogin();
    tusServer.chunkDelayMs = 50;
    render(<PendingUploads />);
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = sendPhoto({ blob: photo(), name: 'cnh.jpg', caso: '2026-000007', tipo: 'cnh', titulo: 'CNH do condutor' });
    });
    expect(await screen.findByText(/^Enviando… \d+%$/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 arquivo sendo enviado.');
    await act(() => done);
    expect(screen.queryByRole('region', { name: 'Aguardando envio' })).toBeNull();
  });
});
