import { render, screen, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal';
import { Button } from './Button';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Abrir</Button>
      <Modal
        open={open}
        title="Pagamento aprovado"
        tone="success"
        icon="✓"
        onClose={() => setOpen(false)}
        actions={<Button onClick={() => setOpen(false)}>Fechar</Button>}
      >
        <p>Obrigado!</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a dialog named by its title, closed by its button or by Escape', async () => {
    render(<Page />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = screen.getByRole('dialog', { name: 'Pagamento aprovado' });
    expect(dialog).toHaveTextContent('Obrigado!');
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    // The browser turns Escape on a modal dialog into a 'cancel' event.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
