import { Link } from 'react-router';
import { useSession } from '../../../lib/use-session';
import { LoginPage } from '../../auth';
import { GUARANTEE_LIMIT } from '../links';
import { paths } from '../../../lib/paths';
import { buttonClass } from '../../../components/ui/Button';
import styles from './HomeOrLogin.module.css';

/** The public hero: the find-or-we-pay guarantee and the hire-now call (000 §1). */
export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <p className={styles.heroKicker}>Garantia Encontra ou Paga</p>
      <h2 id="hero-title" className={styles.heroTitle}>
        Roubou ou furtou? A gente encontra o seu veículo — ou paga por ele.
      </h2>
      <p className={styles.heroText}>
        Se o seu veículo for roubado ou furtado e não for recuperado, você recebe até <strong>{GUARANTEE_LIMIT}</strong> ou{' '}
        <strong>100% da tabela FIPE</strong>.
      </p>
      <ul className={styles.heroPoints}>
        <li>Rastreamento e central de roubo ou furto 24 horas</li>
        <li>Assistência 24h para você e o seu veículo</li>
        <li>Contratação online em cerca de 5 minutos, no cartão de crédito ou débito</li>
      </ul>
      <div className={styles.heroActions}>
        <Link className={buttonClass('primary', styles.heroCta)} to={paths.checkout}>
          Contrate agora
        </Link>
        <Link className={styles.heroMore} to={paths.faq}>
          Tire suas dúvidas
        </Link>
      </div>
    </section>
  );
}

/** '/' is the login (or the redirect when logged in, handled by LoginPage), before the public hero. */
export default function HomeOrLogin() {
  const { loggedIn } = useSession();
  // Logged in: LoginPage redirects at once; no hero flash on the way.
  if (loggedIn) return <LoginPage />;
  return (
    <div className={styles.home}>
      {/* The login first: on a phone it is what a customer came for (the hero follows); side by side from 768 px. */}
      <div className={styles.homeLogin}>
        <LoginPage />
      </div>
      <Hero />
    </div>
  );
}
