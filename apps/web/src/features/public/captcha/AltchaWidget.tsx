// The ALTCHA v3 web component, built for a strict CSP: the "external" build has no inline styles and no
// blob: workers — its stylesheet and its PBKDF2 worker are ordinary files served from 'self'.
// This module is only ever loaded through React.lazy from the contact page, so none of it reaches other routes.
import 'altcha/external';
import 'altcha/i18n/pt-br';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';

// The server issues PBKDF2/SHA-256 challenges (apps/api/src/modules/contact/captcha.ts).
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

// Our own wording for the states the visitor reads (the rest keeps the library's pt-BR translation).
globalThis.$altcha.i18n.set('pt-br', {
  ...globalThis.$altcha.i18n.get('pt-br'),
  label: 'Não sou um robô',
  verifying: 'Verificando…',
  verified: 'Verificado',
  error: 'Falha na verificação. Tente novamente.',
  expired: 'A verificação expirou. Marque novamente.',
  verificationRequired: 'Confirme que você não é um robô.',
});

export interface CaptchaHandle {
  /** The solved payload, solving first when needed; null when it fails. */
  verify(): Promise<string | null>;
  /** Forgets the current solution (each solution is accepted once by the server). */
  reset(): void;
}

interface Props {
  ref?: Ref<CaptchaHandle>;
  challengeUrl: string;
  onChange(payload: string | null): void;
}

type StateDetail = { state: string; payload?: string | null };

export default function AltchaWidget({ ref, challengeUrl, onChange }: Props) {
  const el = useRef<AltchaWidgetElement>(null);
  const payload = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const onState = (e: Event) => {
      const { state, payload: p } = (e as CustomEvent<StateDetail>).detail;
      payload.current = state === 'verified' && p ? p : null;
      onChangeRef.current(payload.current);
    };
    node.addEventListener('statechange', onState);
    return () => node.removeEventListener('statechange', onState);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      async verify() {
        const node = el.current;
        if (!node || typeof node.verify !== 'function') return null;
        const state = node.getState();
        if (state === 'verified' && payload.current) return payload.current;
        if (state === 'verifying') {
          // Already solving (it starts when the visitor focuses the form): wait for the outcome.
          return new Promise<string | null>((resolve) => {
            const done = (e: Event) => {
              const d = (e as CustomEvent<StateDetail>).detail;
              if (d.state === 'verifying') return;
              node.removeEventListener('statechange', done);
              resolve(d.state === 'verified' && d.payload ? d.payload : null);
            };
            node.addEventListener('statechange', done);
          });
        }
        return (await node.verify())?.payload ?? null;
      },
      reset() {
        payload.current = null;
        el.current?.reset?.();
      },
    }),
    [],
  );

  // auto="onfocus": the proof of work runs while the visitor types, so "Enviar" rarely waits for it.
  return <altcha-widget ref={el} challenge={challengeUrl} language="pt-br" auto="onfocus" name="altcha" />;
}
