import { ADVANCE_METHOD_LABEL, ADVANCE_METHODS } from '@guarita/domain';

/**
 * What the customer did in the advance form before its code (`AdvanceForm`, react-hook-form) arrived: the form
 * shown meanwhile records it, the real one starts from it, so nothing is lost (ADR 025, seventh pass).
 */
export interface AdvanceDraft {
  /** The method chosen ('' for none). */
  method: string;
  /** Which of the form's controls had the focus when the form was swapped. */
  focus: 'method' | 'submit' | null;
  /** 'Solicitar Antecipação' was tapped. */
  submitted: boolean;
}

export const ADVANCE_METHOD_OPTIONS = ADVANCE_METHODS.map((m) => ({ value: m, label: ADVANCE_METHOD_LABEL[m] }));

/** The line under the method that says how it goes. */
export function MethodHint({ method }: { method: string }) {
  if (method === 'CC') return <p className="muted">A cobrança é feita no cartão cadastrado.</p>;
  if (method === 'LP') return <p className="muted">O link de pagamento abre em uma nova aba.</p>;
  return null;
}
