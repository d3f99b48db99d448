import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { Select } from './Select';

function Form({ onValid }: { onValid: (v: { area: string }) => void }) {
  const { register, handleSubmit, formState } = useForm<{ area: string }>({ defaultValues: { area: '' } });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <Select
        label="Tipo de solicitação"
        placeholder="Selecione"
        options={[
          { value: 'cancelamento', label: 'Cancelamento' },
          { value: 'ouvidoria', label: 'Ouvidoria' },
        ]}
        error={formState.errors.area?.message}
        {...register('area', { required: 'Selecione uma área' })}
      />
      <button type="submit">Continuar</button>
    </form>
  );
}

describe('Select', () => {
  it('a labelled native select with a placeholder, wired to react-hook-form', async () => {
    const sent: unknown[] = [];
    render(<Form onValid={(v) => sent.push(v)} />);
    const select = screen.getByRole('combobox', { name: 'Tipo de solicitação' });
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Selecione uma área');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    await userEvent.selectOptions(select, 'Ouvidoria');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(sent).toEqual([{ area: 'ouvidoria' }]);
  });
});
