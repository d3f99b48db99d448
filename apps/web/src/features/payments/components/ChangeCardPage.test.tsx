import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ChangeCardResultDto, ContractDto } from '@guarita/domain';
import { apiError, dto, http, HttpResponse, route, server } from '../../../../test/msw';
import { decryptField, openCard, sandboxClientConfig } from '../../../../test/card-sandbox';
import { contractFixture, fakeLogin } from '../../../../test/fixtures';
import { clearSession } from '../../../lib/session';
import { ChangeCardPage } from './ChangeCardPage';

const contract = contractFixture;

/** The network boundary: the contracts list and PUT …/card (what was sent is recorded). */
let contracts: ContractDto[];
let cardReply: (body: { dadosDoCartao: Record<string, string> }) => Response | Promise<Response>;
let loads = 0;
const puts: unknown[] = [];
const contractLoads = () => loads;

beforeEach(() => {
  contracts = [contract()];
  loads = 0;
  puts.length = 0;
  cardReply = async ({ dadosDoCartao }) => {
    // The test is the card sandbox here: it decrypts the number the browser encrypted to its key.
    const last4 = (await decryptField(dadosDoCartao.encryptedCardNumber!)).slice(-4);
    contracts = [contract({ cardSummary: last4, pmCard: 'mc' })];
    return dto(ChangeCardResultDto, {
      sucesso: true,
      mensagem: 'Cartão de crédito atualizado com sucesso!',
      conteudo: { pmCard: 'mc', cardSummary: last4, mascarado: `**** **** **** ${last4}`, bandeira: 'Mastercard' },
    });
  };
  server.use(
    sandboxClientConfig(),
    http.get(route('/api/contracts'), () => {
      loads += 1;
      return dto(ContractDto.array(), contracts);
    }),
    http.put(route('/api/payments/contracts/{nCtrId}/card'), async ({ request, params }) => {
      if (params.nCtrId !== '100101') return apiError(404, 'NOT_FOUND', 'Não encontrado.');
      const body = (await request.json()) as { dadosDoCartao: Record<string, string> };
      puts.push(body);
      return cardReply(body);
    }),
  );
  fakeLogin();
});
afterEach(() => clearSession());

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/pagamentos/cartao" element={<ChangeCardPage />} />
          <Route path="/pagamentos/adicionar-cartao" element={<ChangeCardPage />} />
          <Route path="/pagamentos" element={<p>Histórico de pagamentos</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(screen.getByLabelText('Número do cartão'), number);
  await user.type(screen.getByLabelText('Validade (MM/AA)'), `09${year}`);
  await user.type(screen.getByLabelText('CVV'), '123');
  await user.type(screen.getByLabelText('Nome impresso no cartão'), 'Maria Souza');
  // Confirm is enabled once the provider's key is in (GET /api/payments/card/client-config).
  await waitFor(() => expect(screen.getByRole('button', { name: 'Confirmar troca de cartão' })).toBeEnabled());
}

describe('ChangeCardPage', () => {
  it("/pagamentos/cartao: one h1 with the mobile and desktop titles, the vehicle selector, the masked card and 'Adicionar um novo cartão'", async () => {
    const user = renderAt('/pagamentos/cartao');
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent('Troca de cartão'); // shown upper case by CSS on phones
    expect(h1).toHaveTextContent('Trocar Cartão');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByLabelText('Veículo')).toHaveDisplayValue('RTA1B23 ONIX LT 1.0');
    expect(screen.getByText('**** **** **** 4242')).toBeInTheDocument();
    expect(screen.queryByLabelText('Número do cartão')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Adicionar um novo cartão' }));
    expect(await screen.findByLabelText('Número do cartão')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar troca de cartão' })).toBeDisabled();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument(); // the terms are for a new payment only
  });

  it("a declined card: 'Erro ao atualizar cartão' with the server's message; trying again keeps the name and expiry", async () => {
    cardReply = () => apiError(422, 'CARD_DECLINED', 'Erro ao trocar o cartão de crédito. Cartão recusado pelo emissor.');
    const user = renderAt('/pagamentos/adicionar-cartao');
    await screen.findByLabelText('Número do cartão');
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Confirmar troca de cartão' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Meio de Pagamento' })).toBeInTheDocument();
    const title = screen.getByRole('heading', { name: 'Erro ao atualizar cartão' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByText('Erro ao trocar o cartão de crédito. Cartão recusado pelo emissor.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(screen.getByLabelText('Nome impresso no cartão')).toHaveValue('Maria Souza');
    expect(screen.getByLabelText('Validade (MM/AA)')).toHaveValue(`09/${year}`);
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('');
    expect(screen.getByLabelText('CVV')).toHaveValue('');
  });

  it("no answer: the spec's fallback text", async () => {
    cardReply = () => HttpResponse.error(); // no answer: the network failed
    const user = renderAt('/pagamentos/adicionar-cartao');
    await screen.findByLabelText('Número do cartão');
    await fillCard(user, '5555555555554444');
    await user.click(screen.getByRole('button', { name: 'Confirmar troca de cartão' }));
    expect(await screen.findByRole('heading', { name: 'Erro ao atualizar cartão' })).toBeInTheDocument();
    expect(screen.getByText('Ops, ocorreu um erro ao trocar o cartão de crédito.')).toBeInTheDocument();
  });

  it("success: the spec's texts, the new card, and the client data reloaded", async () => {
    const user = renderAt('/pagamentos/adicionar-cartao');
    await screen.findByLabelText('Número do cartão');
    const loadsBefore = contractLoads();
    await fillCard(user, '5555555555554444');
    await user.click(screen.getByRole('button', { name: 'Confirmar troca de cartão' }));

    expect(await screen.findByRole('heading', { name: 'Cartão de crédito atualizado com sucesso!' })).toBeInTheDocument();
    expect(screen.getByText('As próximas mensalidades serão debitadas neste novo cartão.')).toBeInTheDocument();
    expect(screen.getByText('**** **** **** 4444')).toBeInTheDocument();
    await waitFor(() => expect(contractLoads()).toBeGreaterThan(loadsBefore));
    // Only the encrypted card left the page: no number or CVV in clear, and what the sandbox decrypts is what was typed.
    expect(puts).toHaveLength(1);
    expect(JSON.stringify(puts)).not.toMatch(/5555555555554444|"123"|numeroCartao|cvv/);
    const sent = (puts[0] as { dadosDoCartao: Record<string, string> }).dadosDoCartao;
    expect(await openCard(sent)).toEqual({
      number: '5555555555554444',
      month: '09',
      year: `20${year}`,
      cvv: '123',
      holderName: 'Maria Souza',
    });

    await user.click(screen.getByRole('link', { name: 'Voltar para pagamentos' }));
    expect(await screen.findByText('Histórico de pagamentos')).toBeInTheDocument();
  });
});
