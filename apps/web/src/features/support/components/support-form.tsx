import type { ReactNode } from 'react';
import { get, useFormContext, type FieldError } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { TextArea } from '../../../components/ui/TextArea';
import type { SupportFormValues } from './request-forms';

/* What the support page's request forms share: the page's form, the submit button, the long text. */

export const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** An optional field left empty is not sent (the schema's optional fields refuse ''). */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The page's form (see `SupportFormValues`) and the message of a field by path ('descricao', 'endereco.cep'). */
export function useSupportForm() {
  const form = useFormContext<SupportFormValues>();
  const { errors } = form.formState;
  const errorOf = (path: string) => (get(errors, path) as FieldError | undefined)?.message;
  return { ...form, errorOf };
}

export function Submit({ pending, children = 'Enviar solicitação' }: { pending: boolean; children?: ReactNode }) {
  return (
    <Button type="submit" loading={pending}>
      {children}
    </Button>
  );
}

/** The support forms' long text: four rows. */
export function LongText({ label, name, maxLength }: { label: string; name: 'detalhe' | 'descricao' | 'outros'; maxLength: number }) {
  const { register, errorOf } = useSupportForm();
  return <TextArea label={label} rows={4} maxLength={maxLength} {...register(name)} error={errorOf(name)} />;
}
