import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stepper } from './Stepper';

describe('Stepper', () => {
  it('marks the current step and announces where the customer is', () => {
    render(<Stepper current={2} steps={['Dados', 'Fotos', 'Confirmação']} />);
    const items = screen.getAllByRole('listitem');
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).toHaveTextContent('Dados (concluída)');
    expect(screen.getByText('Etapa 2 de 3: Fotos')).toBeInTheDocument();
  });
  it('a compact form is just the announced text', () => {
    render(<Stepper current={1} total={3} />);
    expect(screen.getByText('Etapa 1 de 3')).toHaveAttribute('aria-live', 'polite');
  });
});
