import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAnnualPlan, isCobrePlan, isRecupPlan } from '../plan/rules';
import { annualPlanId, catalogueChannel, planChangeState, planState, STATE_CODES, STATE_NAMES, type CataloguePlan } from './plan-ids';

describe('state code-to-name map (001 §9)', () => {
  it('has the 27 federative units with their names', () => {
    expect(STATE_CODES).toHaveLength(27);
    expect(STATE_NAMES.MG).toBe('Minas Gerais');
    expect(STATE_NAMES.SP).toBe('São Paulo');
    expect(STATE_NAMES.DF).toBe('Distrito Federal');
    expect(STATE_NAMES.TO).toBe('Tocantins');
  });
});

describe('plan state extraction', () => {
  it.each([
    ['GUARITA_COMPLETO_MG', 'MG'],
    ['GUARITA_COMPLETO_ANUAL_SP', 'SP'],
    ['GUARITA_RECUP_BA', 'BA'],
    [' GUARITA_ESSENCIAL_RS ', 'RS'],
  ])('%s → %s', (id, state) => expect(planState(id)).toBe(state));
  it.each(['GUARITA_ESSENCIAL_ANUAL', 'GUARITA_RECUP', 'GUARITA_COMPLETO_mg', 'GUARITA_COMPLETO_XX', 'GUARITA_COMPLETOMG', ''])(
    'no state in %j',
    (id) => expect(planState(id)).toBeNull(),
  );
});

describe('annual plan id derivation', () => {
  it('inserts _ANUAL before the state suffix', () => {
    expect(annualPlanId('GUARITA_COMPLETO_MG')).toBe('GUARITA_COMPLETO_ANUAL_MG');
    expect(annualPlanId('GUARITA_RECUP_PE')).toBe('GUARITA_RECUP_ANUAL_PE');
  });
  it('is not offered for an annual plan or a plan without a state suffix', () => {
    expect(annualPlanId('GUARITA_COMPLETO_ANUAL_MG')).toBeNull();
    expect(annualPlanId('GUARITA_ESSENCIAL_ANUAL')).toBeNull();
    expect(annualPlanId('GUARITA_COMPLETO')).toBeNull();
  });
  it('property: the annual id is annual, keeps the state and the rest of the id', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{1,10}(_[A-Z]{1,10}){0,2}$/), fc.constantFrom(...STATE_CODES), (base, uf) => {
        fc.pre(!base.includes('ANUAL'));
        const id = `${base}_${uf}`;
        const annual = annualPlanId(id)!;
        expect(isAnnualPlan(annual)).toBe(true);
        expect(planState(annual)).toBe(uf);
        expect(annual.replace('_ANUAL', '')).toBe(id);
        expect(annualPlanId(annual)).toBeNull();
      }),
    );
  });
});

describe('RECUP and COBRE detection', () => {
  it('RECUP plans read the /online catalogue, the others /app', () => {
    expect(isRecupPlan('GUARITA_RECUP_MG')).toBe(true);
    expect(catalogueChannel('GUARITA_RECUP_MG')).toBe('online');
    expect(catalogueChannel('GUARITA_COMPLETO_MG')).toBe('app');
  });
  it('COBRE plans are detected in any case', () => {
    expect(isCobrePlan('guarita_cobre_sp')).toBe(true);
    expect(isCobrePlan('GUARITA_COMPLETO_SP')).toBe(false);
  });
});

describe('plan-change data states (001 §5, §8)', () => {
  const item = { codigoItem: 'SRV_ASS24', descricao: 'Assistência 24h', preco: 2990, obrigatorio: false };
  const plan = (idPlano: string, itens = [item]): CataloguePlan => ({ idPlano, itensPlano: itens });
  const catalogue = [plan('GUARITA_COMPLETO_MG'), plan('GUARITA_COMPLETO_ANUAL_MG'), plan('GUARITA_ESSENCIAL_MG', [])];
  const base = { nCtrId: 100101, idPlan: 'GUARITA_COMPLETO_MG', catalogue, paymentType: 'M' as const };

  it('a monthly plan in its state list is ready, with the annual toggle', () => {
    expect(planChangeState(base)).toMatchObject({
      kind: 'ready',
      state: 'MG',
      stateName: 'Minas Gerais',
      target: { idPlano: 'GUARITA_COMPLETO_MG' },
      paymentType: 'M',
      canToggleAnnual: true,
    });
  });
  it('switching to annual targets the _ANUAL variant with payment type A', () => {
    expect(planChangeState({ ...base, paymentType: 'A' })).toMatchObject({
      kind: 'ready',
      target: { idPlano: 'GUARITA_COMPLETO_ANUAL_MG' },
      paymentType: 'A',
    });
  });
  it('an annual plan has no toggle and stays annual', () => {
    expect(planChangeState({ ...base, idPlan: 'GUARITA_COMPLETO_ANUAL_MG' })).toMatchObject({
      kind: 'ready',
      canToggleAnnual: false,
      paymentType: 'A',
    });
  });
  it('COBRE plans cannot change online', () => {
    expect(planChangeState({ ...base, idPlan: 'GUARITA_COBRE_SP' })).toEqual({ kind: 'cobre' });
  });
  it.each([
    [{ nCtrId: 0 }, 'ID do contrato não encontrado'],
    [{ idPlan: 'GUARITA_RECUP' }, 'Estado não encontrado no plano'],
    [{ catalogue: [] }, 'Não foi possível carregar os planos disponíveis'],
    [{ idPlan: 'GUARITA_PREMIUM_MG' }, 'Seu plano atual não está disponível para alteração. Por favor, entre em contato com o suporte.'],
    [{ idPlan: 'GUARITA_ESSENCIAL_MG' }, 'Não foi possível encontrar um plano válido para realizar a troca'],
    [
      { catalogue: [plan('GUARITA_COMPLETO_MG')], paymentType: 'A' as const },
      'Não foi possível encontrar um plano válido para realizar a troca',
    ],
  ])('%j → %s', (over, message) => {
    expect(planChangeState({ ...base, ...over })).toMatchObject({ kind: 'error', message });
  });
});
