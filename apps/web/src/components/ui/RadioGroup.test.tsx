import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { RadioGroup } from './RadioGroup';

type V = { canal: 'sms' | 'email' | '' };
function Form({ onValid }: { onValid: (v: V) => void }) {
  const { control, handleSubmit } = useForm<V>({ defaultValues: { canal: '' } });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <Controller
        name="canal"
        control={control}
        rules={{ required: 'Escolha onde receber' }}
        render={({ field, fieldState }) => (
          <RadioGroup
            legend="Enviar código por"
            options={[
              { value: 'sms', label: 'SMS' },
              { value: 'email', label: 'E-mail' },
            ]}
            {...field}
            error={fieldState.error?.message}
          />
        )}
      />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('RadioGroup', () => {
  it('is a named group of radios that the keyboard moves through', async () => {
    const sent: V[] = [];
    render(<Form onValid={(v) => sent.push(v)} />);
    expect(screen.getByRole('radiogroup', { name: 'Enviar código por' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escolha onde receber');
    expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription('Escolha onde receber');

    await userEvent.click(screen.getByRole('radio', { name: 'SMS' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'E-mail' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(sent).toEqual([{ canal: 'email' }]);
  });
});
