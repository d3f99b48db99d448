import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/ui/PageTitle';
import styles from './LegalDocument.module.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal text (002 §2.9): title, version line, table of contents and numbered sections with headings. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className={`${styles.legal} card`}>
      <PageTitle>{title}</PageTitle>
      <p className={styles.legalUpdated}>Última atualização: {updated}</p>
      <div className="legal-intro">{intro}</div>
      <nav className={styles.legalToc} aria-label="Sumário">
        <h2>Sumário</h2>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`}>
          <h2 id={`${s.id}-h`}>
            {i + 1}. {s.title}
          </h2>
          {s.body}
        </section>
      ))}
    </article>
  );
}
