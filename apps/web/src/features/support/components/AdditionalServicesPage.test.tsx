import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PublicConfigDto } from '@guarita/domain';
import { dto, http, route, server } from '../../../../test/msw';
import { CONFIG } from '../../../../test/support-fixtures';
import AdditionalServicesPage from './AdditionalServicesPage';

/** /servicos-adicionais (001 §2): contact, not a case; WhatsApp and phone from configuration; activation within 48h. */
describe('AdditionalServicesPage', () => {
  it("'Falar com a {product}' opens WhatsApp and phone links, then the 48h step, which claims nothing was sent", async () => {
    server.use(http.get(route('/api/config'), () => dto(PublicConfigDto, CONFIG)));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdditionalServicesPage />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Falar com a Guarita' }));
    const dialog = screen.getByRole('dialog', { name: 'Falar com a Guarita' });
    expect(within(dialog).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/5540001762');
    expect(within(dialog).getByRole('link', { name: 'Ligar para 4000 1762' })).toHaveAttribute('href', 'tel:40001762');
    await user.click(within(dialog).getByRole('button', { name: 'Já falei com a equipe' }));
    // Nothing was recorded by the page: it does not claim a request was sent (issue 24 item 16), and the contact stays.
    expect(screen.queryByText(/Pedido enviado/)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Se você contratou o serviço na conversa com a nossa equipe, a ativação acontece em até 48h.',
    );
    expect(screen.getByRole('button', { name: 'Falar com a Guarita' })).toBeInTheDocument();
  });
});
