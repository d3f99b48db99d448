import type { BaseSyntheticEvent, ComponentType } from 'react';
import type { RequestType, SupportRequestInput } from '@guarita/domain';
import type { SelectedContractDto } from '../../../hooks/use-selected-contract';
import { SpareCarForm } from '../../spare-car';
import { VehicleChangeForm } from '../../vehicle-change';
import { CancellationForm, ContestationForm, OmbudsmanForm, RegistrationChangeForm, TrackerForm } from './RequestForms';
import { DueDateRequestForm, PlanChangeRequestForm } from './ChangeForms';

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

/**
 * The form of each request type. A type without an entry shows 'disponível em breve'; a later flow (plan change,
 * due date, vehicle change, spare car) plugs in with one entry here.
 */
export const REQUEST_FORMS: Partial<Record<RequestType, ComponentType<RequestFormProps>>> = {
  'dados-cadastrais': RegistrationChangeForm,
  plano: PlanChangeRequestForm, // issue 12
  vencimento: DueDateRequestForm, // issue 12
  rastreador: TrackerForm,
  contestacao: ContestationForm,
  cancelamento: CancellationForm,
  ouvidoria: OmbudsmanForm,
  'troca-veiculo': VehicleChangeForm,
  'carro-reserva': SpareCarForm,
};
