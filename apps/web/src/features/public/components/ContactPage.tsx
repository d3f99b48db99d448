import { lazy, Suspense, useCallback, useRef, useState, type ChangeEvent, type ComponentType, type FormEvent, type Ref } from 'react';
import { CONTACT_LIMITS, MSG, contactFormError, maskPhoneInput, missingContactFields, type ContactField } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PageTitle } from '../../../components/ui/PageTitle';
import { TextField } from '../../../components/ui/TextField';
import { usePublicConfig } from '../../../api/get-public-config';
import { ApiError } from '../../../lib/api';
import { useInBrowser } from '../../../lib/use-in-browser';
import { CONTACT_CHALLENGE_URL, useSendContact } from '../api/send-contact';
import type { CaptchaHandle } from '../captcha/AltchaWidget';
import { telHref } from '../links';
import { TextAreaField } from './TextAreaField';

type Values = Record<ContactField, string>;
type Feedback = { kind: 'success' | 'error'; text: string } | null;
type WidgetProps = { ref?: Ref<CaptchaHandle>; challengeUrl: string; onChange(payload: string | null): void };

const EMPTY: Values = { name: '', email: '', phone: '', message: '' };

/** Server refusals whose own pt-BR message tells the visitor what to do; anything else is the spec's generic error. */
const SPECIFIC_ERRORS = new Set(['VALIDATION', 'CAPTCHA_INVALID', 'CAPTCHA_EXPIRED', 'CAPTCHA_REUSED', 'RATE_LIMITED']);
const errorText = (err: unknown) => (err instanceof ApiError && SPECIFIC_ERRORS.has(err.code) ? err.message : MSG.contactError);

/** The widget (and its worker and stylesheet) is a chunk of its own, fetched only on this page. */
const loadWidget = () =>
  lazy<ComponentType<WidgetProps>>(() => import('../captcha/AltchaWidget').catch(() => ({ default: CaptchaUnavailable })));

const CAPTCHA_LOADING = <p className="captcha-fallback">Carregando verificação anti-robô…</p>;

function CaptchaUnavailable() {
  return (
    <p className="captcha-fallback">Não foi possível carregar a verificação anti-robô. Verifique sua conexão e recarregue a página.</p>
  );
}

/** /contato — "Fale conosco" (000 §2): name, e-mail, phone with area code, message, captcha, send. */
export function ContactPage() {
  const cfg = usePublicConfig().data;
  const [values, setValues] = useState<Values>(EMPTY);
  const [invalid, setInvalid] = useState<ContactField[]>([]);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [sending, setSending] = useState(false);
  const [Widget] = useState(loadWidget);
  const captchaRef = useRef<CaptchaHandle>(null);
  const captchaPayload = useRef<string | null>(null);
  const send = useSendContact();
  const inBrowser = useInBrowser();

  const onCaptcha = useCallback((payload: string | null) => {
    captchaPayload.current = payload;
  }, []);

  const edit = (field: ContactField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = field === 'phone' ? maskPhoneInput(e.target.value) : e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    // Editing any field clears both messages.
    setFeedback(null);
    setInvalid([]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const problem = contactFormError(values);
    if (problem) {
      // 'Preencha todos os campos!' (or a bad e-mail/phone) and nothing is sent.
      setInvalid(problem.field ? [problem.field] : missingContactFields(values));
      setFeedback({ kind: 'error', text: problem.message });
      return;
    }
    setFeedback(null);
    setSending(true);
    try {
      const altcha = captchaPayload.current ?? (await captchaRef.current?.verify()) ?? null;
      if (!altcha) {
        setFeedback({ kind: 'error', text: MSG.captchaFailed });
        return;
      }
      await send.mutateAsync({ ...values, altcha });
      setValues(EMPTY);
      setFeedback({ kind: 'success', text: MSG.contactSuccess });
    } catch (err) {
      // What was typed stays in the form, so the visitor can simply try again.
      setFeedback({ kind: 'error', text: errorText(err) });
    } finally {
      // The server accepts a captcha solution once: the next message solves a fresh challenge.
      captchaPayload.current = null;
      captchaRef.current?.reset();
      setSending(false);
    }
  };

  const field = (name: ContactField) => ({
    name,
    value: values[name],
    onChange: edit(name),
    maxLength: CONTACT_LIMITS[name],
    readOnly: sending,
    className: invalid.includes(name) ? 'field-invalid' : '',
    'aria-invalid': invalid.includes(name) || undefined,
  });

  return (
    <div className="contact-page">
      <header className="contact-hero">
        <PageTitle>Fale conosco</PageTitle>
        <p>Tem uma dúvida, uma sugestão ou quer contratar? Envie sua mensagem e a nossa equipe responde o quanto antes.</p>
      </header>

      <div className="contact-body">
        <form className="card contact-form" onSubmit={submit} noValidate aria-label="Formulário de contato">
          <TextField label="Nome" autoComplete="name" {...field('name')} />
          <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" {...field('email')} />
          <TextField
            label="Telefone com DDD"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            placeholder="(31) 99999-9999"
            {...field('phone')}
            maxLength={15}
          />
          <TextAreaField label="Mensagem" rows={6} {...field('message')} />

          <div className="captcha-slot">
            {/* The widget is a browser-only custom element: the prerendered page shows the loading line until hydrated. */}
            {inBrowser ? (
              <Suspense fallback={CAPTCHA_LOADING}>
                <Widget ref={captchaRef} challengeUrl={CONTACT_CHALLENGE_URL} onChange={onCaptcha} />
              </Suspense>
            ) : (
              CAPTCHA_LOADING
            )}
          </div>

          <div className="contact-feedback" aria-live="polite">
            {sending && <p className="sr-only">Enviando mensagem…</p>}
            {feedback && <Alert kind={feedback.kind}>{feedback.text}</Alert>}
          </div>

          <Button type="submit" loading={sending} disabled={!inBrowser} className="contact-submit">
            {sending ? 'Enviando…' : 'Enviar'}
          </Button>
        </form>

        <aside className="contact-info card" aria-labelledby="contact-info-title">
          <h2 id="contact-info-title">Outros canais</h2>
          <dl>
            <dt>Vendas</dt>
            <dd>{cfg ? <a href={telHref(cfg.phoneSales)}>{cfg.phoneSales}</a> : '…'}</dd>
            <dt>E-mail de atendimento</dt>
            <dd>{cfg ? <a href={`mailto:${cfg.supportEmail}`}>{cfg.supportEmail}</a> : '…'}</dd>
            <dt>Endereço</dt>
            <dd>
              <address>{cfg ? cfg.address : '…'}</address>
            </dd>
          </dl>
        </aside>
      </div>
    </div>
  );
}

export default ContactPage;
