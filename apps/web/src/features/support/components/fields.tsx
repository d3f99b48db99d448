import type { SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Select } from '../../../components/ui/Select';
import { TextArea } from '../../../components/ui/TextArea';

/** Field errors by path ('descricao', 'endereco.cep'), from the domain schema's issues. */
export type FieldErrors = Record<string, string>;

export function issuesToErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const out: FieldErrors = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.');
    out[key] ??= i.message;
  }
  return out;
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  error?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
}

/** The support forms' select: the design-system Select with a 'Selecione' first choice. */
export function SelectField({ placeholder = 'Selecione', ...rest }: SelectProps) {
  return <Select placeholder={placeholder} {...rest} />;
}

interface AreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
}

/** The support forms' long text: the design-system TextArea, four rows. */
export function TextAreaField(props: AreaProps) {
  return <TextArea rows={4} {...props} />;
}
