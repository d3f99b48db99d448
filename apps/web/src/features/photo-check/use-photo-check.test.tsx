import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhotoMeasures } from '@guarita/domain/photo-quality';
import { FileUpload, type UploadFn } from '../../components/ui/FileUpload';
import { usePhotoCheck } from './use-photo-check';

// The worker itself runs in the browser (e2e/tests/photo-quality.spec.ts); here its answer is given.
const measured = vi.hoisted(() => ({ next: null as PhotoMeasures | null }));
vi.mock('./measure-photo', () => ({ measurePhotoFile: vi.fn(async () => measured.next) }));

const SHARP: PhotoMeasures = { sharpness: 420, brightness: 0.5, width: 4032, height: 3024 };
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'frente.jpg', { type: 'image/jpeg' });

function Evidence({ upload }: { upload: UploadFn }) {
  const check = usePhotoCheck();
  return (
    <>
      {check.dialog}
      <FileUpload label="Enviar foto" accept="image/jpeg" upload={upload} review={async (f) => (await check.check(f)) === 'send'} />
    </>
  );
}

describe('the photo check before sending (issue 31 item 3)', () => {
  beforeEach(() => {
    measured.next = SHARP;
  });

  it('a sharp photo goes to the upload without a question', async () => {
    const upload = vi.fn<UploadFn>(async () => 'ok');
    render(<Evidence upload={upload} />);
    await userEvent.upload(screen.getByLabelText('Escolher arquivo'), photo());
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a shaken photo asks 'A foto parece tremida — tirar outra?': Tirar outra sends nothing, Enviar mesmo assim sends", async () => {
    measured.next = { ...SHARP, sharpness: 12 };
    const upload = vi.fn<UploadFn>(async () => 'ok');
    render(<Evidence upload={upload} />);
    await userEvent.upload(screen.getByLabelText('Escolher arquivo'), photo());
    const dialog = await screen.findByRole('dialog', { name: 'A foto parece tremida — tirar outra?' });
    expect(within(dialog).getByText('Apoie bem o celular e espere o foco antes de fotografar.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tirar outra' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();

    await userEvent.upload(screen.getByLabelText('Escolher arquivo'), photo());
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar mesmo assim' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Enviado')).toBeInTheDocument();
  });

  it('names every problem measured; Escape is Tirar outra; a photo it cannot measure is sent', async () => {
    measured.next = { sharpness: 30, brightness: 0.1, width: 640, height: 480 };
    const upload = vi.fn<UploadFn>(async () => 'ok');
    render(<Evidence upload={upload} />);
    await userEvent.upload(screen.getByLabelText('Escolher arquivo'), photo());
    const dialog = await screen.findByRole('dialog', { name: 'A foto parece tremida, escura e pequena demais — tirar outra?' });
    // The browser turns Escape on a modal dialog into a 'cancel' event.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();

    measured.next = null;
    await userEvent.upload(screen.getByLabelText('Escolher arquivo'), photo());
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
  });
});
