import { useForm } from 'react-hook-form';
import { CATEGORY_LABEL, NOTIFICATION_CATEGORIES, NOTIFICATION_MSG, type NotificationPreferences } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { QueryError } from '../../../components/ui/QueryError';
import { Skeleton } from '../../../components/ui/Skeleton';
import { usePreferences } from '../api/get-preferences';
import { useSavePreferences } from '../api/save-preferences';
import { checksError, lazyResolver } from '../../../lib/on-demand';

// zod and the schema come the first time the form validates: the page's first load carries neither.
const resolver = lazyResolver(
  () => import('./preferences-checks'),
  (m) => m.preferencesResolver,
);

/** E-mail per group of notifications (the in-app list keeps every one). */
export function PreferencesForm() {
  const prefs = usePreferences();
  return (
    <section className="card" aria-labelledby="prefs-title">
      <h2 id="prefs-title">Receber também por e-mail</h2>
      {prefs.isLoading ? (
        <Skeleton shape="line" lines={3} label="Carregando preferências…" />
      ) : prefs.error || !prefs.data ? (
        <QueryError error={prefs.error} onRetry={prefs.refetch} retrying={prefs.isFetching} />
      ) : (
        <PreferencesFields saved={prefs.data} />
      )}
    </section>
  );
}

// The saved choices are in the boxes from the server's HTML on (`defaultChecked`) and are the form's defaults, not a
// reset in an effect after the commit that shows them: a box ticked between that commit and the effect would be
// unticked again (ADR 025), and the server's page showed every box unticked until then.
function PreferencesFields({ saved }: { saved: NotificationPreferences }) {
  const save = useSavePreferences();
  const form = useForm<NotificationPreferences>({ resolver, defaultValues: saved });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <fieldset>
        <legend>Avisos por e-mail de:</legend>
        {NOTIFICATION_CATEGORIES.map((c) => (
          <Checkbox
            key={c}
            label={CATEGORY_LABEL[c]}
            defaultChecked={saved.email[c]}
            {...form.register(`email.${c}`)}
            error={form.formState.errors.email?.[c]?.message}
          />
        ))}
      </fieldset>
      {save.error ? <Alert>{save.error.message}</Alert> : null}
      {checksError(form.formState.errors) && <Alert>{checksError(form.formState.errors)}</Alert>}
      <p role="status">{save.isSuccess ? NOTIFICATION_MSG.saved : ''}</p>
      <Button type="submit" loading={save.isPending}>
        Salvar preferências
      </Button>
    </form>
  );
}
