import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { PAYMENT_MSG } from '@guarita/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { server } from '../../../../test/msw';
import { openCard, sandboxClientConfig } from '../../../../test/card-sandbox';
import { CardForm, type KeptCardValues } from './CardForm';
import type { EncryptedCard } from '../card-encryption';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

function renderForm(props: Partial<Parameters<typeof CardForm>[0]> = {}) {
  const onSubmit = vi.fn<(card: EncryptedCard, kept: KeptCardValues) => void>();
  const user = userEvent.setup();
  server.use(sandboxClientConfig());
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <CardForm submitLabel="Confirmar troca de cartão" onSubmit={onSubmit} {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const f = {
    number: screen.getByLabelText('Número do cartão'),
    expiry: screen.getByLabelText('Validade (MM/AA)'),
    cvv: screen.getByLabelText('CVV'),
    name: screen.getByLabelText('Nome impresso no cartão'),
    submit: () => screen.getByRole('button', { name: (props.submitLabel as string | undefined) ?? 'Confirmar troca de cartão' }),
  };
  return { user, onSubmit, f };
}

/** The field's own error text (TextField links it with aria-describedby). */
const errorOf = (input: HTMLElement) => {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

describe('CardForm', () => {
  it('labels every field with the card autocomplete tokens and a numeric keyboard', () => {
    const { f } = renderForm();
    expect(f.number).toHaveAttribute('autocomplete', 'cc-number');
    expect(f.number).toHaveAttribute('inputmode', 'numeric');
    expect(f.expiry).toHaveAttribute('autocomplete', 'cc-exp');
    expect(f.expiry).toHaveAttribute('inputmode', 'numeric');
    expect(f.cvv).toHaveAttribute('autocomplete', 'cc-csc');
    expect(f.cvv).toHaveAttribute('inputmode', 'numeric');
    expect(f.name).toHaveAttribute('autocomplete', 'cc-name');
    // No `name` attributes: a script-less submit could never put card data in a URL.
    for (const el of [f.number, f.expiry, f.cvv, f.name]) expect(el).not.toHaveAttribute('name');
  });

  it('groups the number as typed and shows the detected brand', async () => {
    const { user, f } = renderForm();
    await user.type(f.number, '4111111111111111');
    expect(f.number).toHaveValue('4111 1111 1111 1111');
    expect(screen.getByText('Visa')).toBeInTheDocument();
    await user.clear(f.number);
    await user.type(f.number, '5555555555554444');
    expect(f.number).toHaveValue('5555 5555 5555 4444');
    expect(screen.getByText('Mastercard')).toBeInTheDocument();
    await user.clear(f.number);
    await user.type(f.number, '6011000990139424');
    expect(screen.getByText('American Express')).toBeInTheDocument(); // any other brand is treated as Amex
  });

  it('formats the expiry as MM/AA and keeps only digits in the CVV', async () => {
    const { user, f } = renderForm();
    await user.type(f.expiry, '1230');
    expect(f.expiry).toHaveValue('12/30');
    await user.type(f.cvv, '1a2b34');
    expect(f.cvv).toHaveValue('1234');
  });

  it('an autofilled MM/AAAA expiry keeps the last two digits of the year', async () => {
    const { user, f } = renderForm();
    await user.click(f.expiry);
    await user.paste('07/2031');
    expect(f.expiry).toHaveValue('07/31');
  });

  it('strips digits from the name as it is typed', async () => {
    const { user, f } = renderForm();
    await user.type(f.name, 'Mar1ia So0uza 42');
    expect(f.name).toHaveValue('Maria Souza ');
  });

  it("shows each of the spec's messages on its own field once the field is left", async () => {
    const { user, f } = renderForm();
    for (const el of [f.number, f.expiry, f.cvv, f.name]) {
      await user.click(el);
      await user.tab();
    }
    expect(errorOf(f.number)).toBe(PAYMENT_MSG.cardNumberMissing); // 'Erro ao processar pagamento. número do cartão não informado!'
    expect(errorOf(f.expiry)).toBe('mês/ano de expiração não informado');
    expect(errorOf(f.cvv)).toBe('CVV não informado');
    expect(errorOf(f.name)).toBe('nome do titular do cartão não informado.');

    await user.type(f.number, '4111111111111112'); // fails Luhn
    expect(errorOf(f.number)).toBe('Erro ao processar pagamento. número do cartão inválido!');
    await user.clear(f.number);
    await user.type(f.number, '4111111111111111');
    expect(errorOf(f.number)).toBe('');

    await user.type(f.expiry, '12');
    expect(errorOf(f.expiry)).toBe('mês/ano de expiração não informado'); // the year is still missing
    await user.type(f.expiry, nextYear);
    expect(errorOf(f.expiry)).toBe('');
  });

  it('keeps confirm disabled until the card is valid and every field is filled, then hands over only the encrypted card', async () => {
    const { user, f, onSubmit } = renderForm();
    expect(f.submit()).toBeDisabled();
    await user.type(f.number, '4111111111111111');
    await user.type(f.expiry, `12${nextYear}`);
    await user.type(f.cvv, '123');
    expect(f.submit()).toBeDisabled(); // no name yet
    await user.type(f.name, '123'); // digits only: stripped, still empty
    expect(f.submit()).toBeDisabled();
    await user.type(f.name, 'Maria Souza');
    await waitFor(() => expect(f.submit()).toBeEnabled()); // once the provider's key is in
    await user.click(f.submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [card, kept] = onSubmit.mock.calls[0]!;
    expect(Object.keys(card).sort()).toEqual(
      ['encryptedCardNumber', 'encryptedExpiryMonth', 'encryptedExpiryYear', 'encryptedSecurityCode', 'holderName'].sort(),
    );
    // Compact JWEs (five base64url parts), none carrying the number or the CVV in clear.
    for (const v of [card.encryptedCardNumber, card.encryptedExpiryMonth, card.encryptedExpiryYear, card.encryptedSecurityCode])
      expect(v).toMatch(/^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(card)).not.toMatch(/4111111111111111|"123"/);
    // What the sandbox reads once it decrypts them.
    expect(await openCard(card)).toEqual({
      number: '4111111111111111',
      month: '12',
      year: `20${nextYear}`,
      cvv: '123',
      holderName: 'Maria Souza',
    });
    expect(kept).toEqual({ validade: `12/${nextYear}`, nomeTitular: 'Maria Souza' });
  });

  it('for a new payment the terms must be accepted', async () => {
    const { user, f } = renderForm({ requireTerms: true, submitLabel: 'Confirmar pagamento' });
    await user.type(f.number, '5555555555554444');
    await user.type(f.expiry, `01${nextYear}`);
    await user.type(f.cvv, '321');
    await user.type(f.name, 'Maria Souza');
    expect(f.submit()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: PAYMENT_MSG.termsLabel }));
    await waitFor(() => expect(f.submit()).toBeEnabled());
  });

  it('starts from the kept name and expiry after a failed attempt', () => {
    const { f } = renderForm({ defaultValues: { validade: `03/${nextYear}`, nomeTitular: 'Maria Souza' } });
    expect(f.expiry).toHaveValue(`03/${nextYear}`);
    expect(f.name).toHaveValue('Maria Souza');
    expect(f.number).toHaveValue('');
    expect(f.cvv).toHaveValue('');
  });
});
