import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  it('is labelled (links inside the label too), toggles by Space and shows its error', async () => {
    render(
      <Checkbox
        label={
          <>
            Li e concordo com os <a href="/termos-de-uso">Termos do Uso</a>
          </>
        }
        error="Aceite os termos"
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Li e concordo com os Termos do Uso' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Aceite os termos');
    box.focus();
    await userEvent.keyboard(' ');
    expect(box).toBeChecked();
    expect(screen.getByRole('link', { name: 'Termos do Uso' })).toBeInTheDocument();
  });
});
