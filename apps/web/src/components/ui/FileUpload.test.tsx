import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileUpload, type UploadFn } from './FileUpload';

const pdf = () => new File(['%PDF-1.4'], 'fatura.pdf', { type: 'application/pdf' });

/** An upload the test drives: progress, success, failure or the caller's abort. */
function controllable() {
  const calls: { progress: (n: number) => void; resolve: () => void; reject: (e: unknown) => void; signal: AbortSignal }[] = [];
  const upload: UploadFn<string> = (_file, { onProgress, signal }) =>
    new Promise<string>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('Envio cancelado', 'AbortError')));
      calls.push({ progress: (n) => onProgress({ loaded: n, total: 100 }), resolve: () => resolve('ok'), reject, signal });
    });
  return { upload, calls };
}

describe('FileUpload', () => {
  it('shows the progress of a chosen file, then that it was sent', async () => {
    const { upload, calls } = controllable();
    const onUploaded = vi.fn();
    render(<FileUpload label="Comprovante" accept="application/pdf" upload={upload} onUploaded={onUploaded} />);
    await userEvent.upload(screen.getByLabelText('Escolher arquivo'), pdf());
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('fatura.pdf')).toBeInTheDocument();
    calls[0]!.progress(40);
    expect(await within(item).findByRole('progressbar', { name: 'Enviando fatura.pdf' })).toHaveAttribute('value', '40');
    calls[0]!.resolve();
    expect(await within(item).findByText('Enviado')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith(expect.any(File), 'ok');
  });

  it('cancels while sending and retries after a failure', async () => {
    const { upload, calls } = controllable();
    render(<FileUpload label="Comprovante" accept="application/pdf" upload={upload} />);
    await userEvent.upload(screen.getByLabelText('Escolher arquivo'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(await screen.findByText('Envio cancelado')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    calls[1]!.reject(new Error('Falha de rede'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Falha de rede');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    calls[2]!.resolve();
    expect(await screen.findByText('Enviado')).toBeInTheDocument();
  });

  it('refuses a file the caller does not accept without sending it', async () => {
    const { upload, calls } = controllable();
    render(
      <FileUpload
        label="Comprovante"
        accept="application/pdf,image/jpeg"
        upload={upload}
        validate={(f) => (f.type === 'application/pdf' || f.type === 'image/jpeg' ? null : 'Selecione um arquivo PDF ou JPG!')}
      />,
    );
    // applyAccept off: a person can still drop or pick any file; the component decides.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Escolher arquivo'), new File(['x'], 'a.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Selecione um arquivo PDF ou JPG!');
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });

  it('checks a chosen file once, not on every render; a check that reads the file first may answer later', async () => {
    const { upload, calls } = controllable();
    const validate = vi.fn(async (f: File) => ((await f.text()).startsWith('%PDF') ? null : 'Não é um PDF.'));
    const { rerender } = render(<FileUpload label="Comprovante" accept="application/pdf" upload={upload} validate={validate} />);
    await userEvent.upload(screen.getByLabelText('Escolher arquivo'), new File(['texto'], 'falso.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Não é um PDF.');
    rerender(<FileUpload label="Comprovante" accept="application/pdf" upload={upload} validate={validate} hint="Até 5 MB" />);
    rerender(<FileUpload label="Comprovante" accept="application/pdf" upload={upload} validate={validate} />);
    expect(validate).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Escolher arquivo'), pdf());
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('offers the gallery for images, and the camera only on a touch phone', () => {
    const { upload } = controllable();
    render(<FileUpload label="Foto da CNH" accept="image/jpeg,image/png,application/pdf" upload={upload} />);
    // The image types the field takes, not 'image/*' (a HEIC or a GIF from the gallery would only be refused after).
    expect(screen.getByLabelText('Escolher da galeria')).toHaveAttribute('accept', 'image/jpeg,image/png');
    expect(screen.queryByLabelText('Tirar foto')).not.toBeInTheDocument();
  });
  it('on a phone, "Tirar foto" opens the camera', () => {
    // jsdom has no matchMedia: play a phone's touch screen.
    window.matchMedia = vi.fn((q: string) => ({ matches: q === '(pointer: coarse)' }) as MediaQueryList);
    const { upload } = controllable();
    render(<FileUpload label="Foto da CNH" accept="image/jpeg" upload={upload} />);
    expect(screen.getByLabelText('Tirar foto')).toHaveAttribute('capture', 'environment');
    // @ts-expect-error -- back to jsdom's (absent) matchMedia
    delete window.matchMedia;
  });
});
