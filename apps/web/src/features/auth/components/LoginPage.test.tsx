import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Ref } from 'react';
import { LoginStartDto, MSG, TokensDto } from '@guarita/domain';
import { apiError, dto, http, HttpResponse, route, server } from '../../../../test/msw';
import { clearSession } from '../../../lib/session';
import type { CaptchaHandle } from '../../public';
import { LoginPage } from './LoginPage';

// The real ALTCHA widget needs Web Workers and WebCrypto, which jsdom lacks (the API tests solve real challenges).
// A stand-in with the same contract (verify → payload or null) takes its place; it answers once released.
const captcha = vi.hoisted(() => ({ next: 'altcha-payload-1' as string | null, release: () => {}, shown: 0 }));
vi.mock('../../public/captcha/AltchaWidget', async () => {
  const { useImperativeHandle } = await import('react');
  return {
    default: function FakeAltcha({ ref }: { ref?: Ref<CaptchaHandle> }) {
      useImperativeHandle(ref, () => ({
        verify: () => {
          captcha.shown++;
          return new Promise<string | null>((resolve) => (captcha.release = () => resolve(captcha.next)));
        },
        reset: () => {},
      }));
      return <div>Verificação anti-robô</div>;
    },
  };
});

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const jwt = `${b64({ alg: 'none' })}.${b64({ username: '52998224725', exp: Math.floor(Date.now() / 1000) + 3600 })}.x`;
const challengeRequired = () => apiError(429, 'CHALLENGE_REQUIRED', MSG.challengeRequired);

/** Every body the login's POSTs carried, by path. */
const bodies: Record<'code' | 'verify', Record<string, unknown>[]> = { code: [], verify: [] };

beforeEach(() => {
  captcha.next = 'altcha-payload-1';
  captcha.shown = 0;
  bodies.code = [];
  bodies.verify = [];
  // Many attempts on this CPF from elsewhere: each step asks this device for a challenge before it goes through.
  server.use(
    http.post(route('/api/auth/login'), () =>
      dto(LoginStartDto, { Sessao: 'sessao-1', Sms: '(31) *****-4321', Email: null, canalPadrao: 'sms' }),
    ),
    http.post(route('/api/auth/code'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.code.push(body);
      return body.altcha ? HttpResponse.json({ canal: 'sms', destino: '(31) *****-4321' }, { status: 202 }) : challengeRequired();
    }),
    http.post(route('/api/auth/verify'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.verify.push(body);
      return body.altcha ? dto(TokensDto, { IdToken: jwt, AccessToken: jwt, expiresIn: 900 }) : challengeRequired();
    }),
  );
});
afterEach(() => clearSession());

function renderLogin() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<LoginPage />} />
        <Route path="/dashboard" element={<h1>Painel</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function toCodeStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('CPF ou CNPJ'), '52998224725');
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
  await user.click(await screen.findByRole('button', { name: 'Enviar código' }));
}

describe('login past a per-document limit (issue 23)', () => {
  it('solves the challenge the server asks for, says why meanwhile, and retries: the customer gets in', async () => {
    const user = renderLogin();
    await toCodeStep(user);

    // Step 2 answered CHALLENGE_REQUIRED: the reason shows while the widget solves, then the same request goes again.
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.challengeRequired);
    expect(await screen.findByText('Verificação anti-robô')).toBeInTheDocument();
    await waitFor(() => expect(captcha.shown).toBe(1));
    captcha.release();
    expect(await screen.findByRole('heading', { name: 'Digite o código de validação' })).toBeInTheDocument();
    expect(bodies.code).toEqual([
      { Sessao: 'sessao-1', canal: 'sms' },
      { Sessao: 'sessao-1', canal: 'sms', altcha: 'altcha-payload-1' },
    ]);
    expect(screen.queryByText('Verificação anti-robô')).not.toBeInTheDocument();

    // Step 3 likewise, with a challenge of its own.
    captcha.next = 'altcha-payload-2';
    await user.type(screen.getByLabelText('Código de validação'), '123456');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(captcha.shown).toBe(2));
    captcha.release();
    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeInTheDocument();
    expect(bodies.verify).toEqual([
      { Sessao: 'sessao-1', CodigoAutenticacao: '123456' },
      { Sessao: 'sessao-1', CodigoAutenticacao: '123456', altcha: 'altcha-payload-2' },
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the challenge cannot be solved, the reason stays on screen and sending again asks again', async () => {
    captcha.next = null;
    const user = renderLogin();
    await toCodeStep(user);
    await waitFor(() => expect(captcha.shown).toBe(1));
    captcha.release();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.challengeRequired);
    expect(bodies.code).toHaveLength(1);

    captcha.next = 'altcha-payload-3';
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await waitFor(() => expect(captcha.shown).toBe(2));
    captcha.release();
    expect(await screen.findByRole('heading', { name: 'Digite o código de validação' })).toBeInTheDocument();
    expect(bodies.code.at(-1)).toEqual({ Sessao: 'sessao-1', canal: 'sms', altcha: 'altcha-payload-3' });
  });
});
