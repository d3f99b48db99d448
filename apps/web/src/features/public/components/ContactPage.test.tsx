import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Ref } from 'react';
import { ContactSentDto, PublicConfigDto } from '@guarita/domain';
import { apiError, dto, http, HttpResponse, route, server } from '../../../../test/msw';
import type { CaptchaHandle } from '../captcha/AltchaWidget';
import ContactPage from './ContactPage';

// The real ALTCHA widget needs Web Workers and WebCrypto, which jsdom lacks; it is exercised in Chromium.
// Here a stand-in with the same contract (verify → payload or null, reset) takes its place.
const captcha = vi.hoisted(() => ({ next: 'altcha-payload-1' as string | null, resets: 0 }));
vi.mock('../captcha/AltchaWidget', async () => {
  const { useImperativeHandle } = await import('react');
  return {
    default: function FakeAltcha({ ref }: { ref?: Ref<CaptchaHandle> }) {
      useImperativeHandle(ref, () => ({
        verify: async () => captcha.next,
        reset: () => void captcha.resets++,
      }));
      return <div>Verificação anti-robô</div>;
    },
  };
});

const CONFIG = {
  brandName: 'Guarita',
  phoneSales: '0800 000 1010',
  phoneTheft: '0800 000 1190',
  phoneAssistance: '0800 000 2424',
  supportPhone: '4000 1762',
  supportEmail: 'atendimento@guarita.example',
  address: 'Av. Afonso Pena, 1500 — Centro, Belo Horizonte/MG, 30130-005',
  demoMode: true,
};

const sentOk = () => dto(ContactSentDto, { sucesso: true, mensagem: 'Mensagem enviada com sucesso!' });

/** The network boundary: GET /api/config and POST /api/contact (each body sent is recorded). */
let contactReply: () => Response | Promise<Response>;
const sent: unknown[] = [];
const contactCalls = () => sent;

beforeEach(() => {
  captcha.next = 'altcha-payload-1';
  captcha.resets = 0;
  sent.length = 0;
  contactReply = sentOk;
  server.use(
    http.get(route('/api/config'), () => dto(PublicConfigDto, CONFIG)),
    http.post(route('/api/contact'), async ({ request }) => {
      sent.push(await request.json());
      return contactReply();
    }),
  );
});

function renderPage() {
  const user = userEvent.setup();
  // No QueryClientProvider: the public pages work without TanStack Query (ADR 025).
  render(
    <MemoryRouter initialEntries={['/contato']}>
      <ContactPage />
    </MemoryRouter>,
  );
  return user;
}

const fields = () => ({
  name: screen.getByLabelText('Nome'),
  email: screen.getByLabelText('E-mail'),
  phone: screen.getByLabelText('Telefone com DDD'),
  message: screen.getByLabelText('Mensagem'),
});
const sendButton = () => screen.getByRole('button', { name: /enviar|enviando/i });

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  const f = fields();
  await user.type(f.name, 'Ana Souza');
  await user.type(f.email, 'ana@example.com');
  await user.type(f.phone, '31987654321');
  await user.type(f.message, 'Quero contratar o plano.');
  return f;
}

describe('ContactPage (/contato)', () => {
  it("shows 'Fale conosco', the four labelled fields, the captcha, a send button and the company's contacts from config", async () => {
    const user = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Fale conosco' })).toBeInTheDocument();
    const f = fields();
    expect(f.email).toHaveAttribute('type', 'email');
    expect(f.phone).toHaveAttribute('type', 'tel');
    expect(f.message.tagName).toBe('TEXTAREA');
    // The captcha loads with the first touch of the form, not with the page (ADR 025).
    // Before that the slot says what will happen, in a polite status line.
    expect(screen.getByRole('status')).toHaveTextContent('A verificação anti-robô começa quando você preencher o formulário.');
    expect(screen.queryByText('Verificação anti-robô')).not.toBeInTheDocument();
    await user.click(f.name);
    expect(await screen.findByText('Verificação anti-robô')).toBeInTheDocument();
    expect(sendButton()).toHaveTextContent('Enviar');

    const info = screen.getByRole('complementary', { name: 'Outros canais' });
    expect(await within(info).findByRole('link', { name: '0800 000 1010' })).toHaveAttribute('href', 'tel:08000001010');
    expect(within(info).getByRole('link', { name: CONFIG.supportEmail })).toHaveAttribute('href', `mailto:${CONFIG.supportEmail}`);
    expect(within(info).getByText(/Belo Horizonte/)).toBeInTheDocument();
  });

  it('masks the phone with area code as it is typed', async () => {
    const user = renderPage();
    await user.type(fields().phone, '31987654321');
    expect(fields().phone).toHaveValue('(31) 98765-4321');
  });

  it("any empty field: 'Preencha todos os campos!' and nothing is sent", async () => {
    const user = renderPage();
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Preencha todos os campos!');
    expect(fields().name).toHaveAttribute('aria-invalid', 'true');

    await fillAll(user);
    await user.clear(fields().message);
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Preencha todos os campos!');
    expect(fields().message).toHaveAttribute('aria-invalid', 'true');
    expect(fields().name).not.toHaveAttribute('aria-invalid');
    expect(contactCalls()).toHaveLength(0);
  });

  it('sends the message with the captcha payload, shows the spinner while sending, then the success message', async () => {
    let release!: () => void;
    contactReply = () =>
      new Promise((resolve) => {
        release = () => resolve(sentOk());
      });
    const user = renderPage();
    await fillAll(user);
    await user.click(sendButton());

    await waitFor(() => expect(sendButton()).toHaveTextContent('Enviando…'));
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Enviando mensagem…')).toBeInTheDocument();

    release();
    expect(await screen.findByText('Mensagem enviada com sucesso!')).toBeInTheDocument();
    expect(sendButton()).toHaveTextContent('Enviar');

    expect(contactCalls()[0]).toEqual({
      name: 'Ana Souza',
      email: 'ana@example.com',
      phone: '(31) 98765-4321',
      message: 'Quero contratar o plano.',
      altcha: 'altcha-payload-1',
    });
    // Sent: the form is cleared and the spent captcha is reset for a next message.
    expect(fields().name).toHaveValue('');
    expect(captcha.resets).toBe(1);
  });

  it("a failed send shows 'Erro ao enviar! Tente novamente!' and keeps everything typed", async () => {
    contactReply = () => apiError(502, 'MAIL_FAILED', 'Erro ao enviar! Tente novamente!');
    const user = renderPage();
    await fillAll(user);
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao enviar! Tente novamente!');
    expect(fields().name).toHaveValue('Ana Souza');
    expect(fields().message).toHaveValue('Quero contratar o plano.');

    // The network itself failing is the same message.
    contactReply = () => HttpResponse.error(); // no answer: the network failed
    await user.click(sendButton());
    await waitFor(() => expect(contactCalls()).toHaveLength(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao enviar! Tente novamente!');
    expect(fields().phone).toHaveValue('(31) 98765-4321');
  });

  it('editing any field clears the error and the success message', async () => {
    contactReply = () => apiError(500, 'INTERNAL', 'Erro inesperado.');
    const user = renderPage();
    await fillAll(user);
    await user.click(sendButton());
    expect(await screen.findByText('Erro ao enviar! Tente novamente!')).toBeInTheDocument();
    await user.type(fields().message, '!');
    expect(screen.queryByText('Erro ao enviar! Tente novamente!')).not.toBeInTheDocument();

    contactReply = sentOk;
    await user.click(sendButton());
    expect(await screen.findByText('Mensagem enviada com sucesso!')).toBeInTheDocument();
    await user.type(fields().name, 'B');
    expect(screen.queryByText('Mensagem enviada com sucesso!')).not.toBeInTheDocument();
  });

  it('without a solved captcha nothing is sent', async () => {
    captcha.next = null;
    const user = renderPage();
    await fillAll(user);
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Confirme que você não é um robô antes de enviar.');
    expect(contactCalls()).toHaveLength(0);
  });

  it("shows the server's own message when it refuses the captcha (e.g. a reused one)", async () => {
    const mensagem = 'Esta verificação já foi usada. Confirme novamente que você não é um robô.';
    contactReply = () => apiError(409, 'CAPTCHA_REUSED', mensagem);
    const user = renderPage();
    await fillAll(user);
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(mensagem);
    expect(fields().email).toHaveValue('ana@example.com');
  });

  it('checks the e-mail before sending', async () => {
    const user = renderPage();
    await fillAll(user);
    await user.clear(fields().email);
    await user.type(fields().email, 'ana@');
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe um e-mail válido.');
    expect(fields().email).toHaveAttribute('aria-invalid', 'true');
    expect(contactCalls()).toHaveLength(0);
  });
});
