import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PlanViewDto, VehicleBrandsDto, VehicleLookupDto, VehicleRestrictionsDto, type VehicleLookupDto as Lookup } from '@guarita/domain';
import { apiError, dto, http, route, server } from '../../../../test/msw';
import { fakeLogin, renderSupport, supportNetwork } from '../../../../test/support-fixtures';
import { clearSession } from '../../../lib/session';

/** 'Troca de Veículo / Correção de Placa' on the support page (001 §2, §5; 002 §5.3, §8). */

const TCROSS: Lookup = {
  Ano: 2023,
  AnoModelo: 2024,
  Modelo: 'T-Cross Highline 1.4 TSI',
  Fabricante: 'VW - VolksWagen',
  Placa: 'BRA2E19',
  Chassi: '9BWBH6BF4R4012345',
  Cor: 'Cinza',
  TipoVeiculo: 'Automóvel',
  QntPassageiros: 5,
  Combustivel: 'Flex',
  Fipe: { Codigo: '005488-9', Modelo: 'T-Cross Highline 1.4 TSI', Valor: 128450 },
  Permitido: true,
};
/** Meu plano's data for a COBRE contract: the sales executive the modal names. */
const COBRE_PLAN: PlanViewDto = {
  nCtrId: 100101,
  idPlan: 'GUARITA_COBRE_FROTA_MG',
  planName: 'Cobre Frota',
  monthlyFee: 19990,
  dueDay: 10,
  validityStart: '2025-01-10',
  validityEnd: null,
  coverages: [],
  contents: [],
  referral: {
    idIndc: null,
    link: null,
    total: 0,
    eligible: 0,
    counted: 0,
    percent: 0,
    maxPercent: 0,
    missingForMax: 0,
    feeWithDiscount: 19990,
  },
  cobre: true,
  contact: { nome: 'Renata Figueiredo', telefone: '31999990000', whatsapp: 'https://wa.me/5531999990000', executive: true },
  contracts: { geral: '/contrato-geral.pdf', especifico: '/contrato-especifico.pdf' },
};
const FREE = { carroReserva: { bloqueado: false, regras: [] }, trocaVeiculo: { cobre: false, bloqueio: null } };

function network(opts: { restrictions?: VehicleRestrictionsDto; plates?: Record<string, Lookup> } = {}) {
  const looked: string[] = [];
  const sent = supportNetwork();
  server.use(
    http.get(route('/api/vehicles/contracts/{nCtrId}/restrictions'), () => dto(VehicleRestrictionsDto, opts.restrictions ?? FREE)),
    http.get(route('/api/vehicles/brands'), () => dto(VehicleBrandsDto, { marcas: [{ Codigo: '23', Nome: 'GM - Chevrolet' }] })),
    http.get(route('/api/vehicles/plates/{plate}'), ({ params }) => {
      looked.push(String(params.plate));
      const v = (opts.plates ?? { BRA2E19: TCROSS })[String(params.plate)];
      return v ? dto(VehicleLookupDto, v) : apiError(404, 'PLATE_NOT_FOUND', 'Não foi possível recuperar valores (FIPE) do veículo!');
    }),
  );
  return { sent, looked };
}

async function openForm() {
  const ui = renderSupport('/suporte/100101');
  await ui.user.selectOptions(await screen.findByRole('combobox', { name: 'Tipo de solicitação' }), 'Troca de Veículo / Correção de Placa');
  return { ...ui, form: await screen.findByRole('form', { name: 'Troca de Veículo / Correção de Placa' }) };
}

beforeEach(() => fakeLogin());
afterEach(() => clearSession());

describe('vehicle change', () => {
  it('looks the plate up after leaving the field, preselects the FIPE range and sends the request', async () => {
    const { sent, looked } = network();
    const { user, form } = await openForm();
    await user.type(screen.getByRole('textbox', { name: 'Telefone para contato (celular)' }), '31987654321');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Caso' }), 'Troca de Veículo');
    await user.type(within(form).getByRole('textbox', { name: 'Placa' }), 'bra2e19');
    expect(looked).toEqual([]); // nothing while typing
    await user.tab();
    expect(await within(form).findByText('VW - VolksWagen T-Cross Highline 1.4 TSI')).toBeInTheDocument();
    expect(looked).toEqual(['BRA2E19']);
    expect(within(form).getByRole('combobox', { name: 'Faixa FIPE' })).toHaveValue('130');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Tipo de veículo' }), 'Veículo leve');
    const submit = within(form).getByRole('button', { name: 'Enviar solicitação' });
    expect(submit).toBeDisabled();
    await user.click(within(form).getByRole('checkbox', { name: 'Estou de acordo com a alteração' }));
    await user.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.dados).toEqual({
      tipo: 'troca-veiculo',
      telefone: '(31) 98765-4321',
      caso: 'Troca de Veículo',
      naoEmplacado: false,
      placa: 'BRA2E19',
      tipoVeiculo: 'CAT_AGRAVO_VEICULO_LEVE',
      faixaFipe: 130,
      aceite: true,
    });
    expect(await screen.findByText('Sua solicitação foi enviada com sucesso!')).toBeInTheDocument();
  });

  it('a plate without FIPE opens the not-found modal; 150–200 thousand shows the notice; toggling clears the plate', async () => {
    network({ plates: { FRT4G56: { ...TCROSS, Placa: 'FRT4G56', Fipe: { ...TCROSS.Fipe, Valor: 172900 } } } });
    const { user, form } = await openForm();
    const plate = within(form).getByRole('textbox', { name: 'Placa' });
    await user.type(plate, 'ZZZ9Z99');
    await user.tab();
    const dialog = await screen.findByRole('dialog', { name: 'Não foi possível recuperar valores (FIPE) do veículo!' });
    expect(dialog).toHaveTextContent('Verifique a placa ou tente novamente mais tarde.');
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await user.clear(plate);
    await user.type(plate, 'FRT4G56');
    await user.tab();
    expect(
      await within(form).findByText(/o plano se ajusta: furto, roubo e perda total ficam limitados a R\$ 150.000/),
    ).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Faixa FIPE' })).toHaveValue('200');

    await user.click(within(form).getByRole('checkbox', { name: 'Veículo não emplacado' }));
    expect(within(form).queryByRole('textbox', { name: 'Placa' })).toBeNull();
    expect(within(form).getByRole('combobox', { name: 'Faixa FIPE' })).toHaveValue('');
    await user.click(within(form).getByRole('checkbox', { name: 'Veículo não emplacado' }));
    expect(within(form).getByRole('textbox', { name: 'Placa' })).toHaveValue('');
  });

  it('an empty submit shows every missing field at once, the plate with the selects (issue 24 item 17)', async () => {
    network();
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('checkbox', { name: 'Estou de acordo com a alteração' }));
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect(await within(form).findByText('Insira a placa do carro')).toBeInTheDocument();
    expect(within(form).getAllByText('Selecione uma opção')).toHaveLength(3);
    expect(within(form).getByRole('textbox', { name: 'Placa' })).toHaveAccessibleDescription('Insira a placa do carro');
  });

  it("a pasted chassis of 18 characters is refused with the spec's message, not cut to 17 (issue 24 item 4)", async () => {
    network();
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('checkbox', { name: 'Veículo não emplacado' }));
    const chassis = within(form).getByRole('textbox', { name: 'Chassi' });
    await user.click(chassis);
    await user.paste('9BWZZZ377VT0042512');
    expect(chassis).toHaveAccessibleDescription('Chassi inválido! Deve conter apenas caracteres alfanuméricos válidos.');
    expect(within(form).queryByText('Chassi válido!')).toBeNull();
    await user.keyboard('{Backspace}');
    expect(chassis).toHaveValue('9BW ZZZ377 VT 004251');
    expect(await within(form).findByText('Chassi válido!')).toBeInTheDocument();
  });

  it('COBRE plans cannot change the vehicle online: the modal with a messaging link', async () => {
    network({ restrictions: { ...FREE, trocaVeiculo: { cobre: true, bloqueio: null } } });
    server.use(http.get(route('/api/plan/contracts/{nCtrId}'), () => dto(PlanViewDto, COBRE_PLAN)));
    const ui = renderSupport('/suporte/100101');
    await ui.user.selectOptions(
      await screen.findByRole('combobox', { name: 'Tipo de solicitação' }),
      'Troca de Veículo / Correção de Placa',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Alteração indisponível online' });
    expect(await within(dialog).findByRole('link', { name: 'Falar pelo WhatsApp' })).toHaveAttribute('href', 'https://wa.me/5531999990000');
    expect(within(dialog).getByText('Renata Figueiredo')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Troca de Veículo / Correção de Placa' })).toBeNull();
  });

  it("an open collision with third parties shows 'Você possui um caso de colisão com terceiros em aberto.'", async () => {
    network({
      restrictions: { ...FREE, trocaVeiculo: { cobre: false, bloqueio: 'Você possui um caso de colisão com terceiros em aberto.' } },
    });
    const ui = renderSupport('/suporte/100101');
    await ui.user.selectOptions(
      await screen.findByRole('combobox', { name: 'Tipo de solicitação' }),
      'Troca de Veículo / Correção de Placa',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Você possui um caso de colisão com terceiros em aberto.');
    expect(screen.queryByRole('form', { name: 'Troca de Veículo / Correção de Placa' })).toBeNull();
  });
});
