/**
 * Plan ids and the plan-change data states (spec 001 §4 'Plan type', §5 'Plan change', §8, §9). Pure, no I/O.
 * A plan id ends with its state: 'GUARITA_COMPLETO_MG'; its annual variant inserts _ANUAL before that suffix:
 * 'GUARITA_COMPLETO_ANUAL_MG'. COBRE/RECUP/ANUAL detection lives in ../plan/rules.
 */
import { getStates } from '@brazilian-utils/brazilian-utils/get-states';
import { isAnnualPlan, isCobrePlan, isRecupPlan } from '../plan/rules';
import { PLAN_CHANGE_MSG } from './messages';

/** The 27 federative units, code → name (001 §9), from the IBGE list that @brazilian-utils ships. */
export const STATE_NAMES: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(getStates().map((s) => [s.code, s.name] as const)),
);
export const STATE_CODES: readonly string[] = Object.keys(STATE_NAMES).sort();

export const isStateCode = (code: string): boolean => Object.hasOwn(STATE_NAMES, code);

const STATE_SUFFIX = /_([A-Z]{2})$/;

/** The state of a plan: the two capital letters after the last underscore, when they are a state code; else null. */
export function planState(idPlan: string): string | null {
  const m = STATE_SUFFIX.exec(idPlan.trim());
  return m && isStateCode(m[1]!) ? m[1]! : null;
}

/**
 * The annual variant of a monthly plan: _ANUAL inserted before the trailing _XX state suffix. Null when the
 * plan is already annual (no toggle) or has no state suffix.
 */
export function annualPlanId(idPlan: string): string | null {
  const id = idPlan.trim();
  if (isAnnualPlan(id) || planState(id) === null) return null;
  return `${id.slice(0, -3)}_ANUAL${id.slice(-3)}`;
}

/** Which state catalogue a plan change reads: '/online' for recovery plans, '/app' otherwise (001 §7 call 3). */
export const catalogueChannel = (idPlan: string): 'app' | 'online' => (isRecupPlan(idPlan) ? 'online' : 'app');

/** Payment type sent with a plan change: M monthly, A annual (001 §9). */
export type PaymentType = 'M' | 'A';

export interface CatalogueItem {
  codigoItem: string;
  descricao: string;
  preco: number;
  obrigatorio: boolean;
}
export interface CataloguePlan {
  idPlano: string;
  itensPlano: readonly CatalogueItem[];
}

export type PlanChangeState =
  | {
      kind: 'ready';
      state: string;
      stateName: string;
      current: CataloguePlan;
      target: CataloguePlan;
      paymentType: PaymentType;
      canToggleAnnual: boolean;
    }
  /** COBRE plans: no online change; the screen shows the executive modal. */
  | { kind: 'cobre' }
  | { kind: 'error'; code: PlanChangeErrorCode; message: string };

export type PlanChangeErrorCode = 'CONTRACT_NOT_FOUND' | 'STATE_NOT_FOUND' | 'NO_PLANS' | 'CURRENT_PLAN_UNAVAILABLE' | 'NO_VALID_PLAN';

const err = (code: PlanChangeErrorCode, message: string): PlanChangeState => ({ kind: 'error', code, message });

/**
 * Whether a contract's plan can be changed online and against which catalogue entry, in the spec's order of
 * checks: contract id, COBRE, state suffix, non-empty list, current plan in the state's list, the chosen
 * (monthly or annual) plan present with items. Each failure carries its verbatim message.
 */
export function planChangeState(input: {
  nCtrId: number | null | undefined;
  idPlan: string;
  /** the state's catalogue (app or online) */
  catalogue: readonly CataloguePlan[];
  paymentType: PaymentType;
}): PlanChangeState {
  if (!input.nCtrId) return err('CONTRACT_NOT_FOUND', PLAN_CHANGE_MSG.contractIdNotFound);
  const idPlan = input.idPlan.trim();
  if (isCobrePlan(idPlan)) return { kind: 'cobre' };
  const state = planState(idPlan);
  if (!state) return err('STATE_NOT_FOUND', PLAN_CHANGE_MSG.stateNotFoundInPlan);
  if (input.catalogue.length === 0) return err('NO_PLANS', PLAN_CHANGE_MSG.plansNotLoaded);
  const current = input.catalogue.find((p) => p.idPlano === idPlan);
  if (!current) return err('CURRENT_PLAN_UNAVAILABLE', PLAN_CHANGE_MSG.currentPlanUnavailable);
  const canToggleAnnual = !isAnnualPlan(idPlan);
  const annual = input.paymentType === 'A' && canToggleAnnual ? annualPlanId(idPlan) : idPlan;
  const target = input.catalogue.find((p) => p.idPlano === annual);
  if (!target || target.itensPlano.length === 0) return err('NO_VALID_PLAN', PLAN_CHANGE_MSG.noValidPlan);
  const paymentType: PaymentType = isAnnualPlan(target.idPlano) ? 'A' : 'M';
  return { kind: 'ready', state, stateName: STATE_NAMES[state]!, current, target, paymentType, canToggleAnnual };
}
