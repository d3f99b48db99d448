import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VehicleRestrictionsDto } from '@guarita/domain';
import { apiError, dto, http, route, server } from '../../../../test/msw';
import { fakeLogin, renderSupport, supportNetwork } from '../../../../test/support-fixtures';
import { clearSession } from '../../../lib/session';

/** 'Carro Reserva' on the support page (001 §2, §4, §5): report or photos, capture flow, transport, blocked modal. */

const FREE: VehicleRestrictionsDto = { carroReserva: { bloqueado: false, regras: [] }, trocaVeiculo: { cobre: false, bloqueio: null } };
const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

function network(restrictions: VehicleRestrictionsDto = FREE) {
  const sent = supportNetwork();
  server.use(http.get(route('/api/vehicles/contracts/{nCtrId}/restrictions'), () => dto(VehicleRestrictionsDto, restrictions)));
  return sent;
}

async function openForm() {
  const ui = renderSupport('/suporte/100101');
  await ui.user.selectOptions(await screen.findByRole('combobox', { name: 'Tipo de solicitação' }), 'Carro Reserva');
  return ui;
}

beforeAll(() => {
  // jsdom has no object URLs: the previews only need a string.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
beforeEach(() => fakeLogin());
afterEach(() => clearSession());

describe('spare car', () => {
  it("the restrictions cannot be read: an error with 'Tentar novamente', then the form", async () => {
    network();
    let fail = true;
    server.use(
      http.get(route('/api/vehicles/contracts/{nCtrId}/restrictions'), () =>
        fail ? apiError(503, 'UNAVAILABLE', 'Serviço indisponível.') : dto(VehicleRestrictionsDto, FREE),
      ),
    );
    const { user } = await openForm();
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Carro Reserva' })).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('form', { name: 'Carro Reserva' })).toBeInTheDocument();
  });

  it("theft: the occurrence report; 'Enviar Solicitação' only after a transport option; the request and its file are sent", async () => {
    const sent = network();
    const { user } = await openForm();
    const form = await screen.findByRole('form', { name: 'Carro Reserva' });
    await user.type(screen.getByRole('textbox', { name: 'Telefone para contato (celular)' }), '31987654321');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'MOTIVO' }), 'Furto');
    await user.upload(within(form).getByLabelText(/Boletim de ocorrência/), new File(['%PDF-1.4'], 'bo.pdf', { type: 'application/pdf' }));
    const submit = within(form).getByRole('button', { name: 'Enviar Solicitação' });
    expect(submit).toBeDisabled();
    await user.click(within(form).getByRole('radio', { name: 'Reembolso de táxi ou aplicativo' }));
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.dados).toEqual({
      tipo: 'carro-reserva',
      telefone: '(31) 98765-4321',
      motivo: 'Furto',
      transporte: 'reembolso_transporte',
    });
    expect(sent[0]!.files).toHaveLength(1);
  });

  it("the occurrence report is a PDF: another type, by name or by its first bytes, gets the spec's message (issue 24 item 5)", async () => {
    const sent = network();
    const { user } = await openForm();
    const form = await screen.findByRole('form', { name: 'Carro Reserva' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'MOTIVO' }), 'Roubo');
    const report = within(form).getByLabelText(/Boletim de ocorrência/);
    const pdfOnly = 'Apenas arquivos PDF são permitidos para o Boletim de Ocorrência.';
    // The file dialog offers PDFs first, but 'All files' (or a gallery app) hands over anything.
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(report, photo('bo.jpg'));
    expect(await within(form).findByText(pdfOnly)).toBeInTheDocument();
    expect(report).toHaveAccessibleDescription(pdfOnly);
    // a photo renamed .pdf: its first bytes say JPEG
    await anyFile.upload(report, new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])], 'bo.pdf', { type: 'application/pdf' }));
    expect(await within(form).findByText(pdfOnly)).toBeInTheDocument();
    expect(within(form).queryByText(/Arquivo escolhido/)).toBeNull();
    await user.upload(report, new File(['%PDF-1.4 boletim'], 'bo.pdf', { type: 'application/pdf' }));
    expect(await within(form).findByText('Arquivo escolhido: bo.pdf')).toBeInTheDocument();
    expect(within(form).queryByText(pdfOnly)).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("collision: the capture flow — instructions, choose, 'Está nítido?' Não discards, Sim keeps", async () => {
    network();
    const { user } = await openForm();
    const form = await screen.findByRole('form', { name: 'Carro Reserva' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'MOTIVO' }), 'Colisão');
    await user.click(within(form).getByRole('button', { name: 'Adicionar foto 1 do veículo' }));
    const how = await screen.findByRole('dialog', { name: 'Como fotografar: foto 1 do veículo' });
    await user.upload(within(how).getByLabelText('Escolher arquivo'), photo('borrada.jpg'));
    const sharp = await screen.findByRole('dialog', { name: 'Está nítido?' });
    await user.click(within(sharp).getByRole('button', { name: 'Não' }));
    expect(within(form).queryByRole('img', { name: 'Foto 1 do veículo: foto escolhida' })).toBeNull();
    await user.upload(within(how).getByLabelText('Tirar foto'), photo('boa.jpg'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Está nítido?' })).getByRole('button', { name: 'Sim' }));
    expect(within(form).getByRole('img', { name: 'Foto 1 do veículo: foto escolhida' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Adicionar foto 2 do veículo' })).toBeInTheDocument();
  });

  it("a blocked customer sees 'Solicitação Bloqueada' with each rule and 'Voltar'", async () => {
    network({
      ...FREE,
      carroReserva: {
        bloqueado: true,
        regras: [
          {
            rule: 'GRACE_PERIOD',
            endsAt: '2026-12-10T03:00:00.000Z',
            texto: 'Carência de 30 dias após o início da cobertura: disponível a partir de 10/12/2026, 00:00.',
          },
          { rule: 'THIRD_PARTY_COLLISION', endsAt: null, texto: 'Você possui um caso de colisão com terceiros em aberto.' },
        ],
      },
    });
    const { user } = await openForm();
    const dialog = await screen.findByRole('dialog', { name: 'Solicitação Bloqueada' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Carência de 30 dias após o início da cobertura: disponível a partir de 10/12/2026, 00:00.',
      'Você possui um caso de colisão com terceiros em aberto.',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(screen.queryByRole('dialog', { name: 'Solicitação Bloqueada' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Carro Reserva' })).toBeNull();
  });
});
