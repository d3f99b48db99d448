import { lazy, type BaseSyntheticEvent, type ComponentType } from 'react';
import type { RequestType, SupportRequestInput } from '@guarita/domain';
import type { SelectedContractDto } from '../../../hooks/use-selected-contract';

/**
 * The support page's form (react-hook-form, `FormProvider`): the request type ('' before a choice), the contact
 * phone, and the fields the chosen request form registers through `useFormContext`. The domain's
 * `supportRequestSchema` validates it, so its messages are the spec's.
 */
export type SupportFormValues = SupportRequestInput | { tipo: RequestType | ''; telefone: string };

/** What the support page gives the form of each request type. */
export interface RequestFormProps {
  contract: SelectedContractDto;
  /** A request is being sent: the submit button shows it (a second submit is ignored anyway). */
  pending: boolean;
  /**
   * The submit handler of the page's form: validates the type, the contact phone and this form's fields, then sends
   * them with `files` and shows the feedback step. A flow with its own schema and submit may ignore it and read the
   * contact phone with `useFormContext<SupportFormValues>().getValues('telefone')`.
   */
  send: (files: File[]) => (e?: BaseSyntheticEvent) => Promise<void>;
}

/** One export of a module loaded when its type is chosen (the page shows a spinner meanwhile). */
const when = <K extends string>(load: () => Promise<{ [P in K]: ComponentType<RequestFormProps> }>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
const simpleForms = () => import('./RequestForms');

/**
 * The form of each request type. A type without an entry shows 'disponível em breve'; a later flow (plan change,
 * due date, vehicle change, spare car) plugs in with one entry here. Each loads when its type is chosen: none of
 * them is on the page's first screen, and together they were most of its JavaScript (ADR 025).
 */
export const REQUEST_FORMS: Partial<Record<RequestType, ComponentType<RequestFormProps>>> = {
  'dados-cadastrais': when(simpleForms, 'RegistrationChangeForm'),
  plano: when(() => import('./PlanChangeRequestForm'), 'PlanChangeRequestForm'), // issue 12
  vencimento: when(() => import('./DueDateRequestForm'), 'DueDateRequestForm'), // issue 12
  rastreador: when(simpleForms, 'TrackerForm'),
  contestacao: when(simpleForms, 'ContestationForm'),
  cancelamento: when(simpleForms, 'CancellationForm'),
  ouvidoria: when(simpleForms, 'OmbudsmanForm'),
  'troca-veiculo': when(() => import('../../vehicle-change'), 'VehicleChangeForm'),
  'carro-reserva': when(() => import('../../spare-car'), 'SpareCarForm'),
};
