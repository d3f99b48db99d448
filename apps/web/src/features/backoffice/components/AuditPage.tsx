import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUDIT_MAX_DAYS,
  AuditFilters,
  STAFF_ROLE_LABEL,
  formatInstantWithTime,
  type AuditFiltersInput,
  type StaffRole,
} from '@guarita/domain';
import { Button } from '../../../components/ui/Button';
import { QueryError } from '../../../components/ui/QueryError';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { auditCsvUrl, useAuditLog, type AuditEntry } from '../api/get-audit';
import { ConsoleTitle } from './ConsoleTitle';
import { RequireRole } from './ConsolePages';
import { useSessionEnded } from './use-session-ended';
import styles from './ConsoleShell.module.css';

const EMPTY: AuditFiltersInput = { quem: '', acao: '', caso: '', cliente: '', de: '', ate: '' };

const roleLabel = (papel: string) => STAFF_ROLE_LABEL[papel as StaffRole] ?? papel;

/** A value of the before/after as a person reads it: text as is, nothing as '—', lists and objects as indented JSON. */
const show = (v: unknown): string =>
  v === undefined || v === null || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v, null, 2) : String(v);

/** The before and after of an entry, field by field ('valor' when one of them is not an object). */
function changes(antes: unknown, depois: unknown): [field: string, before: unknown, after: unknown][] {
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if ((antes === null || isRecord(antes)) && (depois === null || isRecord(depois))) {
    const a = antes ?? {};
    const d = depois ?? {};
    return [...new Set([...Object.keys(a), ...Object.keys(d)])].map((k) => [k, a[k], d[k]]);
  }
  return [['valor', antes, depois]];
}

function Entry({ e }: { e: AuditEntry }) {
  const rows = e.antes === null && e.depois === null ? [] : changes(e.antes, e.depois);
  return (
    <li className={styles.entry}>
      <p className={styles.meta}>
        <strong>{e.acao}</strong>
        {e.caso && ` · caso nº ${e.caso}`}
        {e.cliente !== null && ` · cliente ${e.cliente}`}
      </p>
      <p className={styles.meta}>
        {formatInstantWithTime(e.quando)} · {e.quem} ({roleLabel(e.papel)}){e.ip && ` · IP ${e.ip}`}
      </p>
      {rows.length > 0 && (
        <details>
          <summary>Ver antes e depois ({rows.length === 1 ? '1 campo' : `${rows.length} campos`})</summary>
          <dl className={styles.changes}>
            {rows.map(([field, before, after]) => (
              <div key={field} className={styles.change}>
                <dt>{field}</dt>
                <dd>
                  <span className={styles.side}>Antes</span>
                  <pre className={styles.value}>{show(before)}</pre>
                </dd>
                <dd>
                  <span className={styles.side}>Depois</span>
                  <pre className={styles.value}>{show(after)}</pre>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </li>
  );
}

/**
 * Admin's audit log (issue 30 item 1): every staff action, newest first, filtered by who, action, case, customer and
 * period; 'Carregar mais' pages on; each entry's before and after behind a disclosure; the CSV export takes the same
 * filters.
 */
function Audit() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const log = useAuditLog(filters);
  useSessionEnded(log.error);
  const form = useForm<AuditFiltersInput, unknown, AuditFilters>({ resolver: zodResolver(AuditFilters), defaultValues: EMPTY });
  const errors = form.formState.errors;
  const apply = form.handleSubmit((f) => setFilters(f));
  const rows = log.data?.pages.flatMap((p) => p.itens) ?? [];
  return (
    <>
      <ConsoleTitle>Auditoria</ConsoleTitle>
      <p>Cada ação da equipe no console, da mais nova para a mais antiga.</p>
      <form className={styles.filters} onSubmit={apply} aria-label="Filtros da auditoria" noValidate>
        <TextField label="E-mail de quem fez" type="email" autoComplete="off" error={errors.quem?.message} {...form.register('quem')} />
        <TextField label="Ação" hint="Por exemplo, caso.comentario" error={errors.acao?.message} {...form.register('acao')} />
        <TextField label="Caso" hint="Por exemplo, 2026-000123" error={errors.caso?.message} {...form.register('caso')} />
        <TextField label="CPF/CNPJ do cliente" error={errors.cliente?.message} {...form.register('cliente')} />
        <TextField label="De" type="date" error={errors.de?.message} {...form.register('de')} />
        <TextField
          label="Até"
          type="date"
          hint={`Período de até ${AUDIT_MAX_DAYS} dias`}
          error={errors.ate?.message}
          {...form.register('ate')}
        />
        <div className={styles.buttons}>
          <Button type="submit">Filtrar</Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              form.reset(EMPTY);
              setFilters({});
            }}
          >
            Limpar filtros
          </Button>
          <a href={auditCsvUrl(filters)} download>
            Exportar CSV (com estes filtros)
          </a>
        </div>
      </form>
      {log.isPending ? (
        <Spinner />
      ) : log.error ? (
        <QueryError error={log.error} onRetry={() => log.refetch()} retrying={log.isFetching} />
      ) : rows.length === 0 ? (
        <p>Nenhum registro encontrado.</p>
      ) : (
        <ul className={styles.entries} aria-label="Registros da auditoria">
          {rows.map((e) => (
            <Entry key={e.id} e={e} />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <Button type="button" variant="secondary" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
          Carregar mais
        </Button>
      )}
    </>
  );
}

export function AuditPage() {
  return (
    <RequireRole roles={['admin']}>
      <Audit />
    </RequireRole>
  );
}

export default AuditPage;
