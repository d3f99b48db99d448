import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField';
import { Button } from './Button';

function Form({ onValid }: { onValid: (v: { name: string }) => void }) {
  const { register, handleSubmit, formState } = useForm<{ name: string }>({ defaultValues: { name: '' } });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <TextField
        label="Nome"
        hint="Como no documento"
        error={formState.errors.name?.message}
        {...register('name', { required: 'Informe o nome' })}
      />
      <Button type="submit">Enviar</Button>
    </form>
  );
}

describe('TextField', () => {
  it('is labelled, described by its hint and, after a failed submit, by its error', async () => {
    const values: unknown[] = [];
    render(<Form onValid={(v) => values.push(v)} />);
    const field = screen.getByLabelText('Nome');
    expect(field).toHaveAccessibleDescription('Como no documento');
    expect(field).not.toHaveAttribute('aria-invalid');

    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe o nome');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Informe o nome Como no documento');
    // react-hook-form focuses the first invalid field through the forwarded ref
    expect(field).toHaveFocus();

    await userEvent.type(field, 'Maria');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(values).toEqual([{ name: 'Maria' }]);
  });
});
