import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PatternField } from './PatternField';

function DocumentField() {
  const [value, setValue] = useState('');
  return (
    <>
      <PatternField label="CPF ou CNPJ" mask="document" value={value} onChange={setValue} />
      <output aria-label="valor">{value}</output>
    </>
  );
}

const field = () => screen.getByLabelText('CPF ou CNPJ') as HTMLInputElement;

describe('PatternField', () => {
  it.each([
    ['52998224725', '529.982.247-25'],
    ['11222333000181', '11.222.333/0001-81'],
    ['12abc34501de35', '12.ABC.345/01DE-35'],
  ])('masks %s as MaskedField does: %s', async (typed, shown) => {
    render(<DocumentField />);
    await userEvent.type(field(), typed);
    expect(field()).toHaveValue(shown);
    expect(screen.getByLabelText('valor')).toHaveTextContent(shown);
  });

  it('takes a pasted document and ignores what fits nowhere', async () => {
    render(<DocumentField />);
    await userEvent.click(field());
    await userEvent.paste('529 982 247 25');
    expect(field()).toHaveValue('529.982.247-25');
    await userEvent.type(field(), '!');
    expect(field()).toHaveValue('529.982.247-25');
  });

  it('keeps the caret after the digit typed in the middle', async () => {
    render(<DocumentField />);
    await userEvent.type(field(), '5298224725');
    expect(field()).toHaveValue('529.822.472-5');
    // the missing 9 after '529.'
    await userEvent.type(field(), '9', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(field()).toHaveValue('529.982.247-25');
    expect(field().selectionStart).toBe(5);
  });
});

describe('PatternField before hydration', () => {
  it('takes in what was typed into the server-rendered input before React ran', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { act } = await import('react');
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<DocumentField />);
    (container.querySelector('input') as HTMLInputElement).value = '11222333000181';
    await act(async () => {
      hydrateRoot(container, <DocumentField />);
    });
    expect(container.querySelector('input')).toHaveValue('11.222.333/0001-81');
    expect(container.querySelector('output')).toHaveTextContent('11.222.333/0001-81');
    container.remove();
  });
});
