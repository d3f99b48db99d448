import { describe, expect, it, vi, beforeEach } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';

/**
 * Tests cannot reach Adyen, and Adyen's secured fields are cross-origin iframes: `@adyen/adyen-web` is mocked at the
 * module boundary with what our code uses of it (AdyenCheckout, Card, createFromAction, onAdditionalDetails). What
 * is tested is our side: what we give the component, what we take from it, and the form around it.
 */
const adyen = vi.hoisted(() => {
  const state = {
    checkoutConfigs: [] as Array<Record<string, unknown>>,
    cards: [] as Array<{
      props: Record<string, unknown>;
      valid: boolean;
      data: unknown;
      showValidation: ReturnType<typeof vi.fn>;
      unmount: ReturnType<typeof vi.fn>;
    }>,
    actions: [] as Array<{ action: unknown; options: unknown; node: HTMLElement | null }>,
    fail: false,
    registered: [] as unknown[],
  };
  class Card {
    valid = false;
    data: unknown = {};
    showValidation = vi.fn();
    unmount = vi.fn();
    constructor(
      _checkout: unknown,
      readonly props: Record<string, unknown>,
    ) {
      state.cards.push(this);
    }
    get isValid() {
      return this.valid;
    }
    mount(node: HTMLElement) {
      const frame = document.createElement('iframe');
      frame.title = 'Iframe for card number';
      node.append(frame);
      return this;
    }
  }
  return {
    state,
    module: {
      Card,
      ThreeDS2Challenge: class {},
      ThreeDS2DeviceFingerprint: class {},
      Redirect: class {},
      AdyenCheckout: Object.assign(
        vi.fn(async (config: Record<string, unknown>) => {
          if (state.fail) throw new Error('network');
          state.checkoutConfigs.push(config);
          return {
            createFromAction: (action: unknown, options: unknown) => ({
              mount: (node: HTMLElement) => state.actions.push({ action, options, node }),
            }),
          };
        }),
        { register: (...components: unknown[]) => state.registered.push(...components) },
      ),
    },
  };
});
vi.mock('@adyen/adyen-web', () => adyen.module);
vi.mock('@adyen/adyen-web/styles/adyen.css', () => ({}));

const { AdyenCardForm, ADYEN_LOAD_FAILED } = await import('./AdyenCardForm');
const { AdyenAction } = await import('./AdyenAction');

// A client key is public (the browser gets it); made here so the secret scan does not read it as a literal.
const config = { clientKey: 'test_' + 'K'.repeat(32), environment: 'test' as const };
const encrypted = {
  encryptedCardNumber: 'adyenjs_0_1_25$number',
  encryptedExpiryMonth: 'adyenjs_0_1_25$month',
  encryptedExpiryYear: 'adyenjs_0_1_25$year',
  encryptedSecurityCode: 'adyenjs_0_1_25$cvc',
  holderName: 'MARIA SILVA',
};

beforeEach(() => {
  adyen.state.checkoutConfigs.length = 0;
  adyen.state.cards.length = 0;
  adyen.state.actions.length = 0;
  adyen.state.fail = false;
});

function renderForm(requireTerms = false) {
  const onSubmit = vi.fn();
  const view = render(
    <MemoryRouter>
      <AdyenCardForm config={config} submitLabel="Confirmar pagamento" onSubmit={onSubmit} requireTerms={requireTerms} />
    </MemoryRouter>,
  );
  return { onSubmit, view, user: userEvent.setup(), submit: () => screen.getByRole('button', { name: 'Confirmar pagamento' }) };
}

/** What the component does as the customer completes the card in its iframes. */
function typeCard() {
  const card = adyen.state.cards.at(-1)!;
  act(() => {
    card.valid = true;
    card.data = { paymentMethod: { type: 'scheme', ...encrypted, brand: 'visa' }, browserInfo: { acceptHeader: '*/*' } };
    (card.props.onChange as (s: unknown) => void)({ isValid: true, data: card.data });
  });
}

describe('AdyenCardForm (the card form when the provider is Adyen)', () => {
  it("mounts Adyen's card component with the client key, pt-BR and the holder's name, inside the form", async () => {
    renderForm();
    await waitFor(() => expect(adyen.state.cards).toHaveLength(1));
    expect(adyen.state.checkoutConfigs[0]).toMatchObject({
      clientKey: config.clientKey,
      environment: 'test',
      locale: 'pt-BR',
      countryCode: 'BR',
    });
    expect(adyen.state.cards[0]!.props).toMatchObject({ hasHolderName: true, holderNameRequired: true });
    expect(screen.getByRole('group', { name: 'Dados do cartão' })).toContainElement(screen.getByTitle('Iframe for card number'));
  });

  it('confirm stays disabled until the component says the card is valid and the terms are ticked; then only the encrypted fields leave', async () => {
    const { onSubmit, user, submit } = renderForm(true);
    await waitFor(() => expect(adyen.state.cards).toHaveLength(1));
    expect(submit()).toBeDisabled();
    typeCard();
    expect(submit()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Li e concordo com os Termos do Uso/ }));
    expect(submit()).toBeEnabled();
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(encrypted);
  });

  it("a card the component does not find valid is not sent: the component's messages show", async () => {
    const { onSubmit, view } = renderForm();
    await waitFor(() => expect(adyen.state.cards).toHaveLength(1));
    typeCard();
    adyen.state.cards[0]!.valid = false; // e.g. the customer changed a field since
    view.container.querySelector('form')!.requestSubmit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(adyen.state.cards[0]!.showValidation).toHaveBeenCalled();
  });

  it('a component that cannot load says so in pt-BR', async () => {
    adyen.state.fail = true;
    renderForm();
    expect(await screen.findByText(ADYEN_LOAD_FAILED)).toBeInTheDocument();
  });

  it('StrictMode (the effect runs twice): one card component in the form', async () => {
    const { StrictMode } = await import('react');
    render(
      <StrictMode>
        <MemoryRouter>
          <AdyenCardForm config={config} submitLabel="Confirmar pagamento" onSubmit={vi.fn()} />
        </MemoryRouter>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirmar pagamento' })).toBeInTheDocument());
    await waitFor(() => expect(adyen.state.cards.length).toBeGreaterThanOrEqual(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(adyen.state.cards).toHaveLength(1);
    expect(screen.getAllByTitle('Iframe for card number')).toHaveLength(1);
  });

  it('leaving the page unmounts the component', async () => {
    const { view } = renderForm();
    await waitFor(() => expect(adyen.state.cards).toHaveLength(1));
    view.unmount();
    expect(adyen.state.cards[0]!.unmount).toHaveBeenCalled();
  });
});

describe('AdyenAction (3-D Secure 2 in the page)', () => {
  it('mounts the challenge once even when React runs the effect twice (StrictMode)', async () => {
    const { StrictMode } = await import('react');
    render(
      <StrictMode>
        <AdyenAction config={config} action={{ type: 'threeDS2', subtype: 'challenge' }} onDetails={vi.fn()} />
      </StrictMode>,
    );
    await waitFor(() => expect(adyen.state.actions.length).toBeGreaterThanOrEqual(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(adyen.state.actions).toHaveLength(1);
  });

  it("hands the 202's action to the component and posts back what it yields for /payments/details", async () => {
    const onDetails = vi.fn();
    const action = { type: 'threeDS2', subtype: 'challenge', token: 'eyJ…', paymentData: 'Ab02…', paymentMethodType: 'scheme' };
    render(<AdyenAction config={config} action={action} onDetails={onDetails} />);
    await waitFor(() => expect(adyen.state.actions).toHaveLength(1));
    expect(adyen.state.actions[0]).toMatchObject({ action, options: { challengeWindowSize: '05' } });
    // The tree-shakable build registers no action component by itself.
    expect(adyen.state.registered).toEqual(
      expect.arrayContaining([adyen.module.ThreeDS2Challenge, adyen.module.ThreeDS2DeviceFingerprint, adyen.module.Redirect]),
    );
    expect(screen.getByRole('group', { name: 'Autenticação do cartão (3-D Secure)' })).toBe(adyen.state.actions[0]!.node);
    const onAdditionalDetails = adyen.state.checkoutConfigs[0]!.onAdditionalDetails as (s: unknown) => void;
    act(() => onAdditionalDetails({ data: { details: { threeDSResult: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ==' } } }));
    await waitFor(() => expect(onDetails).toHaveBeenCalledWith({ details: { threeDSResult: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ==' } }));
  });
});
