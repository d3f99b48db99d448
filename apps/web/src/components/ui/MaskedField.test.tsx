import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { InputMaskName } from '@guarita/domain';
import { MaskedField } from './MaskedField';

function Field({ mask, initial = '' }: { mask: InputMaskName; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MaskedField label="Campo" mask={mask} value={value} onChange={setValue} />
      <output aria-label="valor">{value}</output>
    </>
  );
}

const typeInto = async (mask: InputMaskName, text: string) => {
  render(<Field mask={mask} />);
  const input = screen.getByLabelText('Campo');
  await userEvent.type(input, text);
  return input as HTMLInputElement;
};

describe('MaskedField', () => {
  it.each<[InputMaskName, string, string]>([
    ['document', '52998224725', '529.982.247-25'],
    ['document', '11222333000181', '11.222.333/0001-81'],
    ['document', '12abc34501de35', '12.ABC.345/01DE-35'],
    ['phone', '3133334444', '(31) 3333-4444'],
    ['phone', '31987654321', '(31) 98765-4321'],
    ['cep', '30130010', '30130-010'],
    ['uf', 'mg', 'MG'],
    ['cardNumber', '4111111111111111', '4111 1111 1111 1111'],
    ['cardNumber', '378282246310005', '3782 822463 10005'],
    ['expiry', '1228', '12/28'],
    ['plate', 'rta1234', 'RTA-1234'],
    ['plate', 'rta1b23', 'RTA1B23'],
    ['chassis', '9bwzzz377vt004251', '9BWZZZ377VT004251'],
    ['code', '12a3456', '123456'],
  ])('%s: typing %s shows %s', async (mask, typed, shown) => {
    const input = await typeInto(mask, typed);
    expect(input).toHaveValue(shown);
    expect(screen.getByLabelText('valor')).toHaveTextContent(shown);
  });

  it('money: R$ with thousands, and the cents completed on leaving the field', async () => {
    const input = await typeInto('money', '1234,5');
    expect(input).toHaveValue('R$ 1.234,5');
    await userEvent.tab();
    expect(input).toHaveValue('R$ 1.234,50');
  });

  it('refuses characters a mask does not take (a letter in a CEP, an I in a chassis)', async () => {
    const input = await typeInto('cep', '30a1');
    expect(input).toHaveValue('301');
  });

  it('an autofilled MM/AAAA expiry becomes MM/AA', async () => {
    render(<Field mask="expiry" />);
    const input = screen.getByLabelText('Campo');
    input.focus();
    await userEvent.paste('07/2031');
    expect(input).toHaveValue('07/31');
  });

  it('shows a value set from outside (a form reset)', () => {
    render(<Field mask="cpf" initial="52998224725" />);
    expect(screen.getByLabelText('Campo')).toHaveValue('529.982.247-25');
  });

  it('works inside react-hook-form with an error from the form', async () => {
    function Form() {
      const { control, handleSubmit } = useForm<{ cep: string }>({ defaultValues: { cep: '' } });
      return (
        <form onSubmit={handleSubmit(() => {})} noValidate>
          <Controller
            name="cep"
            control={control}
            rules={{ validate: (v) => v.replace(/\D/g, '').length === 8 || 'CEP inválido' }}
            render={({ field, fieldState }) => <MaskedField label="CEP" mask="cep" {...field} error={fieldState.error?.message} />}
          />
          <button type="submit">Buscar</button>
        </form>
      );
    }
    render(<Form />);
    await userEvent.type(screen.getByLabelText('CEP'), '3013');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('CEP inválido');
    expect(screen.getByLabelText('CEP')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('CEP')).toHaveFocus();
  });
});
