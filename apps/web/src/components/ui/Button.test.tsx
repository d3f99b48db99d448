import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './Button';

describe('Button', () => {
  it('is a real button that Enter and Space press', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Pagar</Button>);
    const button = screen.getByRole('button', { name: 'Pagar' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });
  it('while loading it is busy and cannot be pressed again', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Pagar
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pagar' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
  it('inside a form submits only when it is the submit button (a modal in a form must not send it)', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Ok</Button>
        <Button type="submit">Enviar</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
  it('gives a link the same look', () => {
    render(
      <a href="/pagamentos" className={buttonClass('secondary')}>
        Voltar
      </a>,
    );
    const link = screen.getByRole('link', { name: 'Voltar' });
    render(<Button variant="secondary">Outro</Button>);
    expect(link.className).toBe(screen.getByRole('button', { name: 'Outro' }).className);
  });
});
