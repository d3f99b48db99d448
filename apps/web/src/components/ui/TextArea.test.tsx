import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('counts characters against its limit and is described by the counter', async () => {
    render(<TextArea label="Mensagem" maxLength={20} counter />);
    const area = screen.getByRole('textbox', { name: 'Mensagem' });
    expect(screen.getByText('0/20 caracteres')).toBeInTheDocument();
    await userEvent.type(area, 'Olá, tudo bem?');
    expect(screen.getByText('14/20 caracteres')).toBeInTheDocument();
    expect(area).toHaveAccessibleDescription('14/20 caracteres');
    await userEvent.type(area, ' mais texto aqui');
    expect(area).toHaveValue('Olá, tudo bem? mais ');
  });
  it('shows its error', () => {
    render(<TextArea label="Mensagem" error="Explique o ocorrido" />);
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toHaveAccessibleDescription('Explique o ocorrido');
    expect(screen.getByRole('alert')).toHaveTextContent('Explique o ocorrido');
  });
});
