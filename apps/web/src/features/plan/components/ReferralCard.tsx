import { useState } from 'react';
import { formatMoney, type PlanViewDto } from '@guarita/domain';
import { Button } from '../../../components/ui/Button';
import s from './PlanPage.module.css';

/** Phones share through the Web Share API; elsewhere the link is copied. */
const canShare = () =>
  typeof navigator.share === 'function' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

export function ReferralCard({ plan }: { plan: PlanViewDto }) {
  const r = plan.referral;
  const [feedback, setFeedback] = useState<string | null>(null);

  const share = async () => {
    if (!r.link) return;
    try {
      if (canShare()) {
        await navigator.share({ title: 'Indicação', text: `Use meu código ${r.idIndc ?? ''}`, url: r.link });
        return;
      }
      await navigator.clipboard.writeText(r.link);
      setFeedback('Link copiado!');
    } catch {
      setFeedback(`Copie o link: ${r.link}`);
    }
  };

  return (
    <section className="card" aria-labelledby="indicacao">
      <h2 id="indicacao">Desconto por indicação</h2>
      <p>
        Cada cliente indicado que estiver em dia vale {10}% de desconto na sua mensalidade, até {r.maxPercent}%.
      </p>
      <label htmlFor="referral-meter">
        Seu desconto: <strong>{r.percent}%</strong> de {r.maxPercent}%
      </label>
      <meter
        id="referral-meter"
        className={s.meter}
        min={0}
        max={r.maxPercent}
        value={r.percent}
        aria-valuetext={`${r.percent}% de desconto`}
      />
      <p className={s.muted}>
        {r.counted === 1 ? '1 indicação válida' : `${r.counted} indicações válidas`}
        {r.total > r.eligible ? ` (${r.total - r.eligible} em débito não contam)` : ''}.{' '}
        {r.missingForMax > 0 ? `Faltam ${r.missingForMax} para o desconto máximo.` : 'Você atingiu o desconto máximo!'}
      </p>
      <p>
        Mensalidade com desconto: <strong>{formatMoney(r.feeWithDiscount)}</strong>
        {r.percent > 0 && <span className={s.muted}> (de {formatMoney(plan.monthlyFee)})</span>}
      </p>
      {r.idIndc ? (
        <>
          <p>
            Seu código de indicação: <span className={s.code}>{r.idIndc}</span>
          </p>
          <div className={s.actions}>
            <Button variant="secondary" onClick={() => void share()}>
              Compartilhar link de indicação
            </Button>
          </div>
          {feedback && (
            <p role="status" className={s.muted}>
              {feedback}
            </p>
          )}
        </>
      ) : (
        <p className={s.muted}>Este contrato ainda não tem código de indicação.</p>
      )}
    </section>
  );
}
