import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PublicConfigDto } from '@guarita/domain';
import { dto, http, route, server } from '../../../../test/msw';
import PublicLayout from './PublicLayout';
import HomeOrLogin from './HomeOrLogin';
import FaqPage from './FaqPage';
import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';

const CONFIG = {
  brandName: 'Vigia',
  phoneSales: '0800 111 2222',
  phoneTheft: '0800 333 4444',
  phoneAssistance: '0800 555 6666',
  supportPhone: '4000 1762',
  supportEmail: 'ola@vigia.example',
  address: 'Rua da Bahia, 1000 — Centro, Belo Horizonte/MG',
  demoMode: true,
};

beforeEach(() => {
  server.use(http.get(route('/api/config'), () => dto(PublicConfigDto, CONFIG)));
});

function renderAt(path: string) {
  // No QueryClientProvider: the public pages (the login on '/' included) work without TanStack Query (ADR 025).
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/" element={<HomeOrLogin />} />
          <Route path="/duvidas-frequentes" element={<FaqPage />} />
          <Route path="/politica-de-privacidade" element={<PrivacyPage />} />
          <Route path="/termos-de-uso" element={<TermsPage />} />
          <Route path="/contato" element={<p>contato</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('public shell', () => {
  it('header: customer-area link to /painel and hire-now link to /checkout', () => {
    renderAt('/termos-de-uso');
    const nav = screen.getByRole('navigation', { name: 'Acesso' });
    expect(within(nav).getByRole('link', { name: 'Área do Cliente' })).toHaveAttribute('href', '/painel');
    expect(within(nav).getByRole('link', { name: 'Contrate agora' })).toHaveAttribute('href', '/checkout');
  });

  it('footer: FAQ, contact, zero-fee referral, phone lines from config, apps, social, legal, version and copyright', async () => {
    renderAt('/termos-de-uso');
    const footer = screen.getByRole('contentinfo');
    const link = (name: RegExp | string) => within(footer).getByRole('link', { name });
    expect(link('Dúvidas frequentes')).toHaveAttribute('href', '/duvidas-frequentes');
    expect(link('Fale conosco')).toHaveAttribute('href', '/contato');
    expect(link(/mensalidade zero/i)).toHaveAttribute('href', '/indicacao');
    expect(link('Política de Privacidade')).toHaveAttribute('href', '/politica-de-privacidade');
    expect(link('Termos de Uso')).toHaveAttribute('href', '/termos-de-uso');
    expect(await within(footer).findByRole('link', { name: '0800 111 2222' })).toHaveAttribute('href', 'tel:08001112222');
    expect(within(footer).getByText('Vendas')).toBeInTheDocument();
    expect(within(footer).getByText('Roubo ou furto')).toBeInTheDocument();
    expect(link('0800 333 4444')).toHaveAttribute('href', 'tel:08003334444');
    expect(within(footer).getByText('Assistência 24h')).toBeInTheDocument();
    expect(link('0800 555 6666')).toBeInTheDocument();
    expect(link(/App Store/)).toHaveAttribute('target', '_blank');
    expect(link(/Google Play/)).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link(/Instagram/)).toBeInTheDocument();
    expect(footer).toHaveTextContent('© 2020 Vigia');
    expect(footer).toHaveTextContent('Versão 1.10.2');
  });

  it('/contato: the page body has no top padding', () => {
    renderAt('/contato');
    // The page's own modifier class (a CSS Module name, so matched by its local part).
    expect(screen.getByRole('main').className).toMatch(/noTopPadding/);
  });

  it("'/': the find-or-we-pay hero with 'Contrate agora' to /checkout, beside the login", () => {
    renderAt('/');
    const hero = screen.getByRole('region', { name: /a gente encontra/i });
    expect(hero).toHaveTextContent('R$ 60.000,00');
    expect(hero).toHaveTextContent('100% da tabela FIPE');
    expect(within(hero).getByRole('link', { name: 'Contrate agora' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByLabelText('CPF ou CNPJ')).toBeInTheDocument();
  });
});

describe('FAQ (/duvidas-frequentes)', () => {
  it('has the seven sections, with the brand from config', async () => {
    renderAt('/duvidas-frequentes');
    expect(screen.getByRole('heading', { level: 1, name: 'Dúvidas frequentes' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'O que é a Vigia' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Como Contratar',
        'Planos e Serviços',
        'Sinistro',
        'Como Funciona',
        'O que é a Vigia',
        'Contrato e Pagamento',
        'Área do Cliente',
      ]),
    );
  });

  it('states every guarantee fact of the spec and ends with a contract-now call', async () => {
    renderAt('/duvidas-frequentes');
    const main = screen.getByRole('main');
    await within(main).findAllByRole('link', { name: '0800 333 4444' });
    const text = main.textContent ?? '';
    expect(text).toContain('até R$ 60.000,00 ou 100% da tabela FIPE');
    expect(text).toContain('Nos primeiros 30 dias não há multa de cancelamento');
    expect(text).toContain('plano passa a ser anual, com fidelidade de 12 meses');
    expect(text).toContain('assistência 24h tem carência de 30 dias');
    expect(text).toContain('suspenso quando a mensalidade não é paga até as 23:59 do dia do vencimento');
    expect(text).toContain('cerca de 5 minutos');
    expect(text).toContain('cartões de crédito e de débito');
    expect(text).toContain('A cobrança é mensal');
    const links = within(main).getAllByRole('link', { name: 'Contrate agora' });
    expect(links.at(-1)).toHaveAttribute('href', '/checkout');
  });

  it('is an accordion: each question is a disclosure that opens and closes', async () => {
    const user = renderAt('/duvidas-frequentes');
    const question = screen.getByText('Posso cancelar? Existe multa?');
    const details = question.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await user.click(question);
    expect(details).toHaveAttribute('open');
    await user.click(question);
    expect(details).not.toHaveAttribute('open');
  });
});

describe('legal pages', () => {
  it('privacy policy: LGPD sections with headings and the contact e-mail from config', async () => {
    renderAt('/politica-de-privacidade');
    expect(screen.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Seus direitos como titular/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Encarregado/ })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Lei nº 13.709/2018');
    expect(await screen.findByRole('link', { name: 'ola@vigia.example' })).toHaveAttribute('href', 'mailto:ola@vigia.example');
  });

  it('terms of use: sections with headings', () => {
    renderAt('/termos-de-uso');
    expect(screen.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Pagamento, suspensão e cancelamento/ })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sumário' })).toBeInTheDocument();
  });
});
