import { Phone, ShieldAlert, Wrench } from 'lucide-react';
import { usePublicConfig } from '../../../api/get-public-config';
import { telHref } from '../../../lib/tel';
import styles from './EmergencyLines.module.css';

/** The theft/robbery and 24h assistance lines as tap-to-call links (issue 8: no dead ends). Numbers come from GET /api/config. */
export function EmergencyLines({ title = 'Precisa de ajuda agora?' }: { title?: string }) {
  const cfg = usePublicConfig().data;
  if (!cfg) return null;
  return (
    <section className={styles.lines} aria-label={title}>
      <h2 className={styles.title}>{title}</h2>
      <ul>
        <li>
          <a className={`${styles.callLink} ${styles.danger}`} href={telHref(cfg.phoneTheft)}>
            <ShieldAlert aria-hidden="true" size={20} />
            <span>
              Roubo ou furto <strong className="nowrap">{cfg.phoneTheft}</strong>
            </span>
          </a>
        </li>
        <li>
          <a className={styles.callLink} href={telHref(cfg.phoneAssistance)}>
            <Wrench aria-hidden="true" size={20} />
            <span>
              Assistência 24h <strong className="nowrap">{cfg.phoneAssistance}</strong>
            </span>
          </a>
        </li>
      </ul>
      <p className={`muted ${styles.note}`}>
        <Phone aria-hidden="true" size={14} /> Atendimento 24 horas por dia, todos os dias.
      </p>
    </section>
  );
}

/** The always-reachable emergency strip of the customer header: the theft/robbery line (and 24h assistance from 768 px). */
export function EmergencyStrip() {
  const cfg = usePublicConfig().data;
  // Its place is kept while the numbers load: the strip appearing would push the whole page down (CLS).
  if (!cfg) return <div className={styles.strip} aria-hidden="true" />;
  return (
    <div className={styles.strip}>
      <a href={telHref(cfg.phoneTheft)}>
        <ShieldAlert aria-hidden="true" size={16} />
        <span>
          Emergência: roubo ou furto <strong className="nowrap">{cfg.phoneTheft}</strong>
        </span>
      </a>
      <a className="desktop-only" href={telHref(cfg.phoneAssistance)}>
        <Wrench aria-hidden="true" size={16} />
        <span>
          Assistência 24h <strong className="nowrap">{cfg.phoneAssistance}</strong>
        </span>
      </a>
    </div>
  );
}
