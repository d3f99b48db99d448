import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type Ref } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { CONTACT_LIMITS, MSG, type ContactField } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PageTitle } from '../../../components/ui/PageTitle';
import { PatternField } from '../../../components/ui/PatternField';
import { TextArea } from '../../../components/ui/TextArea';
import { TextField } from '../../../components/ui/TextField';
import { usePublicConfig } from '../../../api/get-public-config';
import { ApiError } from '../../../lib/api';
import { useInBrowser } from '../../../lib/use-in-browser';
import { CONTACT_CHALLENGE_URL, useSendContact } from '../api/send-contact';
import type { CaptchaHandle } from '../captcha/AltchaWidget';
import { telHref } from '../links';
import styles from './ContactPage.module.css';

type Values = Record<ContactField, string>;
type Feedback = { kind: 'success' | 'error'; text: string } | null;
type WidgetProps = { ref?: Ref<CaptchaHandle>; challengeUrl: string; onChange(payload: string | null): void };

const EMPTY: Values = { name: '', email: '', phone: '', message: '' };

/** Server refusals whose own pt-BR message tells the visitor what to do; anything else is the spec's generic error. */
const SPECIFIC_ERRORS = new Set(['VALIDATION', 'CAPTCHA_INVALID', 'CAPTCHA_EXPIRED', 'CAPTCHA_REUSED', 'RATE_LIMITED']);
const errorText = (err: unknown) => (err instanceof ApiError && SPECIFIC_ERRORS.has(err.code) ? err.message : MSG.contactError);

/**
 * The schema check (zod) and the captcha load when the visitor first touches the form, not with the page: the
 * prerendered form shows at once and the page's first load stays light (ADR 025).
 */
const loadChecks = () => import('./contact-checks');
const resolver: Resolver<Values> = async (values, context, options) => (await loadChecks()).contactResolver(values, context, options);

/** The widget (and its worker and stylesheet) is a chunk of its own, fetched only on this page. */
const loadWidget = () =>
  lazy<ComponentType<WidgetProps>>(() => import('../captcha/AltchaWidget').catch(() => ({ default: CaptchaUnavailable })));

/** What the captcha slot says before the widget shows: nothing loads until the visitor first touches the form. */
const CAPTCHA_IDLE = 'A verificação anti-robô começa quando você preencher o formulário.';
const CAPTCHA_LOADING = 'Carregando verificação anti-robô…';

/** Rendered beside the widget, in the same Suspense boundary: its effect runs once the widget is on screen. */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

function CaptchaUnavailable() {
  return (
    <p className={styles.captchaFallback}>
      Não foi possível carregar a verificação anti-robô. Verifique sua conexão e recarregue a página.
    </p>
  );
}

/** /contato — "Fale conosco" (000 §2): name, e-mail, phone with area code, message, captcha, send. */
export function ContactPage() {
  const cfg = usePublicConfig().data;
  const [invalid, setInvalid] = useState<ContactField[]>([]);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [sending, setSending] = useState(false);
  const [Widget] = useState(loadWidget);
  // First focus, tap or key in the form: the captcha starts (it solves its challenge meanwhile) and the checks load.
  const [touched, setTouched] = useState(false);
  const [widgetShown, setWidgetShown] = useState(false);
  // Resolved once the widget is on screen: a send tapped before that (the form filled in before hydration, then
  // 'Enviar' at once) waits for it instead of failing for want of a captcha.
  const [shown] = useState(() => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  });
  const onWidgetShown = useCallback(() => {
    setWidgetShown(true);
    shown.resolve();
  }, [shown]);
  const onFirstTouch = touched
    ? undefined
    : () => {
        setTouched(true);
        void loadChecks();
      };
  const formRef = useRef<HTMLFormElement>(null);
  // Touched on the prerendered page before React hydrated (a field focused or filled): the captcha starts now.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const filled = [...form.elements].some((e) =>
      e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement ? e.value !== '' : false,
    );
    if (filled || form.contains(document.activeElement)) {
      setTouched(true);
      void loadChecks();
    }
  }, []);
  const captchaRef = useRef<CaptchaHandle>(null);
  const captchaPayload = useRef<string | null>(null);
  const send = useSendContact();
  const inBrowser = useInBrowser();
  const captchaWanted = inBrowser && touched;
  const captchaStatus = !captchaWanted ? CAPTCHA_IDLE : widgetShown ? '' : CAPTCHA_LOADING;
  // The domain's contactSchema decides; one message for the whole form (the spec's), fields only marked.
  const { control, register, handleSubmit, reset, watch, getValues } = useForm<Values>({
    resolver,
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });

  const onCaptcha = useCallback((payload: string | null) => {
    captchaPayload.current = payload;
  }, []);

  // Editing any field clears both messages.
  useEffect(() => {
    const sub = watch(() => {
      setFeedback(null);
      setInvalid([]);
    });
    return () => sub.unsubscribe();
  }, [watch]);

  const refuse = async () => {
    // 'Preencha todos os campos!' (or a bad e-mail/phone) and nothing is sent. (The resolver has loaded the checks.)
    const refusal = (await loadChecks()).contactRefusal(getValues());
    setInvalid(refusal.invalid);
    setFeedback({ kind: 'error', text: refusal.text });
  };

  const submit = handleSubmit(async () => {
    if (sending) return;
    const values = getValues();
    setFeedback(null);
    setSending(true);
    try {
      if (!captchaRef.current) await shown.promise;
      const altcha = captchaPayload.current ?? (await captchaRef.current?.verify()) ?? null;
      if (!altcha) {
        setFeedback({ kind: 'error', text: MSG.captchaFailed });
        return;
      }
      await send.mutateAsync({ ...values, altcha });
      reset(EMPTY);
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
  }, refuse);

  const field = (name: Exclude<ContactField, 'phone'>) => ({
    ...register(name),
    maxLength: CONTACT_LIMITS[name],
    readOnly: sending,
    invalid: invalid.includes(name),
  });

  return (
    <div className={styles.contactPage}>
      <header className={styles.contactHero}>
        <PageTitle>Fale conosco</PageTitle>
        <p>Tem uma dúvida, uma sugestão ou quer contratar? Envie sua mensagem e a nossa equipe responde o quanto antes.</p>
      </header>

      <div className={styles.contactBody}>
        <form
          ref={formRef}
          className={`card ${styles.contactForm}`}
          onSubmit={submit}
          onFocus={onFirstTouch}
          onPointerDown={onFirstTouch}
          noValidate
          aria-label="Formulário de contato"
        >
          <TextField label="Nome" autoComplete="name" {...field('name')} />
          <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" {...field('email')} />
          <Controller
            name="phone"
            control={control}
            render={({ field: f }) => (
              <PatternField
                label="Telefone com DDD"
                mask="phone"
                type="tel"
                autoComplete="tel-national"
                inputMode="tel"
                placeholder="(31) 99999-9999"
                {...f}
                readOnly={sending}
                invalid={invalid.includes('phone')}
              />
            )}
          />
          <TextArea label="Mensagem" rows={6} {...field('message')} />

          <div className={styles.captchaSlot}>
            {/* The widget is a browser-only custom element, loaded with the first touch of the form. Until it shows,
                one status line (a polite live region, kept in the page so its changes are read out) says what will
                happen, then that it is loading. */}
            <p aria-hidden="true" className={`${styles.captchaFallback} ${styles.captchaSizer}`}>
              {CAPTCHA_IDLE}
            </p>
            <p role="status" className={captchaStatus ? styles.captchaFallback : 'sr-only'}>
              {captchaStatus}
            </p>
            {captchaWanted && (
              <Suspense fallback={null}>
                <Shown onShown={onWidgetShown} />
                <Widget ref={captchaRef} challengeUrl={CONTACT_CHALLENGE_URL} onChange={onCaptcha} />
              </Suspense>
            )}
          </div>

          <div className={styles.contactFeedback} aria-live="polite">
            {sending && <p className="sr-only">Enviando mensagem…</p>}
            {feedback && <Alert kind={feedback.kind}>{feedback.text}</Alert>}
          </div>

          <Button type="submit" loading={sending} disabled={!inBrowser} className={styles.contactSubmit}>
            {sending ? 'Enviando…' : 'Enviar'}
          </Button>
        </form>

        <aside className={`${styles.contactInfo} card`} aria-labelledby="contact-info-title">
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
