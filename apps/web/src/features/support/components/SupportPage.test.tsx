import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { duplicateCaseMessage, MULTI_OPEN_DAILY_LIMIT, PLAN_CHANGE_MSG, SUPPORT_MSG } from '@guarita/domain';
import { apiError, http, HttpResponse, recordRequests, route, server } from '../../../../test/msw';
import { aCase, fakeLogin, renderSupport, supportNetwork } from '../../../../test/support-fixtures';
import { clearSession } from '../../../lib/session';
import { tusServer } from '../../../../test/fake-tus';
import { OUTBOX_MSG } from '../../uploads';

/** /suporte (001 §2, §5, §8): request-type rules, the contact phone, step 1 → step 2 feedback. */

const typeSelect = () => screen.findByRole('combobox', { name: 'Tipo de solicitação' });
const optionLabels = async () =>
  within(await typeSelect())
    .getAllByRole('option')
    .map((o) => o.textContent);
const phone = () => screen.getByRole('textbox', { name: 'Telefone para contato (celular)' });

beforeEach(() => fakeLogin());
afterEach(() => clearSession());

describe('request types', () => {
  it('/suporte with a tracker: the 8 types with Suporte Rastreador, no Ouvidoria, and the placeholder', async () => {
    supportNetwork();
    renderSupport('/suporte');
    expect(await optionLabels()).toEqual([
      'Selecione uma área',
      'Alteração de Dados Cadastrais',
      'Alteração de Plano',
      'Alteração de Vencimento',
      'Carro Reserva',
      'Suporte Rastreador',
      'Troca de Veículo / Correção de Placa',
      'Contestação de Fatura',
      'Cancelamento',
    ]);
    expect(screen.getByText('Dúvidas? Fale com o Suporte:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '4000 1762' })).toHaveAttribute('href', 'tel:40001762');
  });

  it('/suporte/{nCtrId}: no Suporte Rastreador; a contract without tracker never has it', async () => {
    supportNetwork();
    renderSupport('/suporte/100101');
    expect(await optionLabels()).not.toContain('Suporte Rastreador');
    expect(await optionLabels()).toContain('Cancelamento');
  });

  it('upSell 1 offers plan change only, already chosen', async () => {
    supportNetwork();
    server.use(
      http.get(route('/api/plans/contracts/{nCtrId}/plan-change'), () =>
        apiError(422, 'CURRENT_PLAN_UNAVAILABLE', PLAN_CHANGE_MSG.currentPlanUnavailable),
      ),
    );
    renderSupport('/suporte/100101/1');
    expect(await optionLabels()).toEqual(['Selecione uma área', 'Alteração de Plano']);
    await waitFor(async () => expect(await typeSelect()).toHaveValue('plano'));
    expect(await screen.findByText(PLAN_CHANGE_MSG.currentPlanUnavailable)).toBeInTheDocument();
  });

  it('?area= preselects registration change or plan change; plan change is coming soon', async () => {
    supportNetwork();
    renderSupport('/suporte/100101?area=Alteracao-de-Dados-Cadastrais');
    await waitFor(async () => expect(await typeSelect()).toHaveValue('dados-cadastrais'));
    expect(await screen.findByRole('form', { name: 'Alteração de Dados Cadastrais' })).toBeInTheDocument();
  });

  it('?area=Alteracao-de-Plano preselects the plan change and opens its form', async () => {
    supportNetwork();
    server.use(
      http.get(route('/api/plans/contracts/{nCtrId}/plan-change'), () =>
        apiError(422, 'CURRENT_PLAN_UNAVAILABLE', PLAN_CHANGE_MSG.currentPlanUnavailable),
      ),
    );
    renderSupport('/suporte/100104?area=Alteracao-de-Plano');
    await waitFor(async () => expect(await typeSelect()).toHaveValue('plano'));
    expect(await screen.findByText(PLAN_CHANGE_MSG.currentPlanUnavailable)).toBeInTheDocument();
  });

  it('Ouvidoria is reachable through its link and then listed', async () => {
    supportNetwork();
    const { user } = renderSupport('/suporte/100101');
    await user.click(await screen.findByRole('link', { name: 'Fale com a Ouvidoria' }));
    await waitFor(async () => expect(await typeSelect()).toHaveValue('ouvidoria'));
    expect(await screen.findByRole('form', { name: 'Ouvidoria' })).toBeInTheDocument();
  });
});

describe('contact phone', () => {
  it('empty, then a landline: the two messages, and nothing is sent', async () => {
    supportNetwork();
    const rec = recordRequests();
    const { user } = renderSupport('/suporte/100104');
    await user.selectOptions(await typeSelect(), 'Cancelamento');
    await user.type(await screen.findByRole('textbox', { name: 'MOTIVO DO CANCELAMENTO' }), 'Vendi o carro');
    await user.type(screen.getByRole('textbox', { name: 'Explique mais sobre sua decisão' }), 'Vendi em novembro.');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByText(SUPPORT_MSG.phoneRequired)).toBeInTheDocument();
    await user.type(phone(), '3133334444');
    expect(phone()).toHaveValue('(31) 3333-4444');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByText('Número de celular inválido')).toBeInTheDocument();
    expect(phone()).toHaveAttribute('aria-invalid', 'true');
    expect(rec.paths().filter((p) => p.startsWith('POST'))).toEqual([]);
    rec.stop();
  });
});

describe('step 2 feedback', () => {
  async function sendCancellation(user: ReturnType<typeof renderSupport>['user']) {
    await user.selectOptions(await typeSelect(), 'Cancelamento');
    await user.type(phone(), '31987654321');
    await user.type(await screen.findByRole('textbox', { name: 'MOTIVO DO CANCELAMENTO' }), 'Vendi o carro');
    await user.type(screen.getByRole('textbox', { name: 'Explique mais sobre sua decisão' }), 'Vendi em novembro.');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
  }

  it('success: the texts of 001 §2 and the protocol; the payload and an Idempotency-Key; a type change resets to step 1', async () => {
    const sent = supportNetwork();
    const { user } = renderSupport('/suporte/100104');
    expect(screen.queryByRole('region', { name: 'Condições de cancelamento' })).not.toBeInTheDocument();
    await user.selectOptions(await typeSelect(), 'Cancelamento');
    expect(screen.getByRole('region', { name: 'Condições de cancelamento' })).toHaveTextContent('Antes de confirmar');
    await user.selectOptions(await typeSelect(), 'Selecione uma área');
    await sendCancellation(user);
    const feedback = await screen.findByRole('status');
    expect(feedback).toHaveTextContent(SUPPORT_MSG.success);
    expect(feedback).toHaveTextContent('Protocolo da solicitação: 2026-000123');
    expect(feedback).toHaveTextContent(SUPPORT_MSG.successReturn);
    expect(feedback).toHaveTextContent(SUPPORT_MSG.successEmail);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      nCtrId: '100104',
      dados: { tipo: 'cancelamento', telefone: '(31) 98765-4321', motivo: 'Vendi o carro', detalhe: 'Vendi em novembro.' },
      files: [],
    });
    expect(sent[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    await user.selectOptions(await typeSelect(), 'Contestação de Fatura');
    expect(screen.queryByText(SUPPORT_MSG.success)).not.toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Contestação de Fatura' })).toBeVisible();
  });

  it('another type starts with empty fields; the contact phone stays', async () => {
    supportNetwork();
    const { user } = renderSupport('/suporte');
    await user.selectOptions(await typeSelect(), 'Suporte Rastreador');
    await user.type(phone(), '31987654321');
    await user.type(screen.getByRole('textbox', { name: 'Explique o ocorrido' }), 'O rastreador caiu.');
    await user.selectOptions(await typeSelect(), 'Contestação de Fatura');
    expect(screen.getByRole('textbox', { name: 'Descrição' })).toHaveValue('');
    expect(phone()).toHaveValue('(31) 98765-4321');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByText(SUPPORT_MSG.insertReason)).toBeInTheDocument();
  });

  it("after a created case, 'Minhas solicitações' is asked for again (the new case shows in the list)", async () => {
    supportNetwork();
    const rec = recordRequests();
    const { user } = renderSupport('/suporte/100104');
    await sendCancellation(user);
    await screen.findByRole('status');
    const lists = () => rec.paths().filter((p) => p === 'GET /api/cases/contracts/100104');
    await waitFor(() => expect(lists()).toHaveLength(2));
    rec.stop();
  });

  it("failure: the alert with the phone, the CRM's duplicate message and the retry text", async () => {
    const msg = duplicateCaseMessage('2026-000042', '2026-11-22T17:05:00Z');
    supportNetwork({
      answer: () =>
        apiError(409, 'DUPLICATE_CASE', msg, { DescricaoErroApiExterna: JSON.stringify([{ message: msg }]), CaseNumber: '2026-000042' }),
    });
    const { user } = renderSupport('/suporte/100104');
    await sendCancellation(user);
    expect(await screen.findByText('Erro. Entre em contato com o Suporte pelo telefone 4000 1762')).toBeInTheDocument();
    expect(screen.getByText('Caso duplicado: 2026-000042 em 22/11/2026 às 14:05')).toBeInTheDocument();
    expect(screen.getByText(SUPPORT_MSG.retryText)).toBeInTheDocument();
  });

  it("ombudsman past the daily limit (429 CASE_LIMIT): the API's pt-BR message is what the customer reads", async () => {
    const msg = SUPPORT_MSG.dailyLimit('Ouvidoria', MULTI_OPEN_DAILY_LIMIT);
    supportNetwork({ answer: () => apiError(429, 'CASE_LIMIT', msg) });
    const { user } = renderSupport('/suporte/100104?area=Ouvidoria');
    await screen.findByRole('form', { name: 'Ouvidoria' });
    await user.type(phone(), '31987654321');
    await user.type(screen.getByRole('textbox', { name: 'Descreva sua manifestação' }), 'Fui mal atendido na oficina.');
    await user.click(within(screen.getByRole('form', { name: 'Ouvidoria' })).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(msg)).toBeInTheDocument();
  });

  it("no answer, then 'Tentar novamente': the retry reuses the Idempotency-Key and succeeds", async () => {
    let first = true;
    const sent = supportNetwork({
      answer: () => {
        if (!first) return HttpResponse.json(CREATED_BODY, { status: 201 });
        first = false;
        return HttpResponse.error();
      },
    });
    const { user } = renderSupport('/suporte/100104');
    await sendCancellation(user);
    expect(await screen.findByText(SUPPORT_MSG.retryText)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByText(SUPPORT_MSG.success)).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
  });

  it('the server away (502) after the file went: the request waits on the device, then one case is created with the file', async () => {
    let first = true;
    const sent = supportNetwork({
      answer: () => {
        if (!first) return HttpResponse.json({ ...CREATED_BODY, CaseNumber: '2026-000125', anexos: 1 }, { status: 201 });
        first = false;
        return new HttpResponse('<html>Bad gateway</html>', { status: 502 });
      },
    });
    const { user } = renderSupport('/suporte/100104');
    await user.selectOptions(await typeSelect(), 'Contestação de Fatura');
    await user.type(phone(), '31987654321');
    await user.type(screen.getByRole('textbox', { name: 'Descrição' }), 'Cobrança em dobro.');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findAllByText(SUPPORT_MSG.pdfOrJpg)).not.toHaveLength(0);
    const pdf = new File(['%PDF-1.4\n%%EOF\n'], 'fatura.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Anexo (PDF ou JPG)'), pdf);
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByText(OUTBOX_MSG.requestKept)).toBeInTheDocument();
    const pending = screen.getByRole('region', { name: 'Aguardando envio' });
    expect(within(pending).getByText('Contestação de Fatura: fatura.pdf')).toBeInTheDocument();
    expect(within(pending).getByText('Aguardando conexão')).toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Aguardando envio' })).not.toBeInTheDocument());
    // Sent twice under one Idempotency-Key (the server answers the same case), the file uploaded once.
    expect(sent).toHaveLength(2);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    expect(sent[1]!.files).toEqual([
      { id: sent[0]!.files[0]!.id, size: pdf.size, metadata: expect.objectContaining({ destino: 'anexo', contrato: '100104' }) },
    ]);
    expect(tusServer.log.filter((r) => r === 'POST')).toHaveLength(1);
  });

  it('a PDF over 5 MB is refused before sending, with the spec message', async () => {
    const sent = supportNetwork();
    const { user } = renderSupport('/suporte/100104');
    await user.selectOptions(await typeSelect(), 'Contestação de Fatura');
    await user.type(phone(), '31987654321');
    await user.type(screen.getByRole('textbox', { name: 'Descrição' }), 'Cobrança em dobro.');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'fatura.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Anexo (PDF ou JPG)'), big);
    expect(screen.getByRole('alert')).toHaveTextContent(SUPPORT_MSG.fileTooLarge);
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(sent).toHaveLength(0);
  });

  it('a file whose first bytes are not a PDF or JPG is refused when chosen, whatever its name (issue 24 item 18)', async () => {
    const sent = supportNetwork();
    const { user } = renderSupport('/suporte/100104');
    await user.selectOptions(await typeSelect(), 'Contestação de Fatura');
    await user.type(phone(), '31987654321');
    await user.type(screen.getByRole('textbox', { name: 'Descrição' }), 'Cobrança em dobro.');
    const field = screen.getByLabelText('Anexo (PDF ou JPG)');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await user.upload(field, new File([png], 'fatura.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUPPORT_MSG.pdfOrJpg);
    expect(screen.queryByRole('list', { name: 'Arquivos escolhidos' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(sent).toHaveLength(0);
    expect(screen.queryByText(SUPPORT_MSG.retryText)).toBeNull(); // the form, not the error screen
    await user.upload(field, new File(['%PDF-1.4\n%%EOF\n'], 'fatura.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('list', { name: 'Arquivos escolhidos' })).toHaveTextContent('fatura.pdf');
  });

  it('a type with a case already open says so as soon as it is chosen, with the protocol and a link (issue 24 item 14)', async () => {
    const sent = supportNetwork({
      cases: [
        aCase({ CaseNumber: '2026-000019', Reason: 'SAC', Subject: 'Cancelamento', CreatedDate: '2026-11-27T06:23:00.000Z' }),
        aCase({
          Id: '22222222-2222-4222-8222-222222222222',
          CaseNumber: '2026-000020',
          Reason: 'Contestação',
          Subject: 'Contestação de Fatura',
        }),
      ],
    });
    const { user } = renderSupport('/suporte/100104');
    await user.selectOptions(await typeSelect(), 'Cancelamento');
    const text = SUPPORT_MSG.openCaseOfType('Cancelamento', '2026-000019', '27/11/2026 às 03:23');
    const notice = (await screen.findAllByRole('status')).find((el) => el.textContent?.includes(text))!;
    expect(notice).toBeDefined();
    expect(within(notice).getByRole('link', { name: 'Ver solicitação 2026-000019' })).toHaveAttribute(
      'href',
      '/suporte/100104?caso=2026-000019',
    );
    expect(screen.queryByRole('form', { name: 'Cancelamento' })).toBeNull();
    server.use(http.get(route('/api/cases/{caseId}'), () => apiError(503, 'UNAVAILABLE', 'Serviço indisponível.')));
    await user.click(within(notice).getByRole('link', { name: 'Ver solicitação 2026-000019' }));
    const view = await screen.findByRole('dialog', { name: 'SOLICITAÇÃO DE SAC' });
    expect(view).toHaveTextContent('Protocolo 2026-000019');
    await user.click(within(view).getByRole('button', { name: 'Fechar' }));
    // Contestations may be several at once (ADR 035): the form, no notice.
    await user.selectOptions(await typeSelect(), 'Contestação de Fatura');
    expect(await screen.findByRole('form', { name: 'Contestação de Fatura' })).toBeInTheDocument();
    expect(screen.queryByText(/Você já tem uma solicitação/)).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("contestation success shows 'Protocolo {número}'", async () => {
    const sent = supportNetwork({
      answer: () => HttpResponse.json({ ...CREATED_BODY, CaseNumber: '2026-000124', Reason: 'Contestação', anexos: 1 }, { status: 201 }),
    });
    const { user } = renderSupport('/suporte/100104');
    await user.selectOptions(await typeSelect(), 'Contestação de Fatura');
    await user.type(phone(), '31987654321');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo de contestação' }), 'Cobrança em duplicidade');
    await user.type(screen.getByRole('textbox', { name: 'Descrição' }), 'Cobrança em dobro.');
    await user.upload(
      screen.getByLabelText('Anexo (PDF ou JPG)'),
      new File(['%PDF-1.4\n%%EOF\n'], 'fatura.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByText('Protocolo 2026-000124')).toBeInTheDocument();
    expect(sent[0]!.dados).toMatchObject({ tipo: 'contestacao', tipoContestacao: 'cobranca-duplicada' });
    // phones: the camera opens straight from the second picker
    expect(screen.getByLabelText('Ou tire uma foto da fatura')).toHaveAttribute('capture', 'environment');
    // One file went ahead as a resumable upload for this contract, and the case took it.
    expect(sent[0]!.files).toEqual([
      expect.objectContaining({ metadata: expect.objectContaining({ destino: 'anexo', contrato: '100104' }) }),
    ]);
  });
});

const CREATED_BODY = {
  Id: '99999999-9999-4999-8999-999999999999',
  CaseNumber: '2026-000123',
  Reason: 'SAC',
  Subject: 'Cancelamento',
  Status: 'New',
  Fase__c: 'Aberto',
  CreatedDate: '2026-11-22T13:00:00.000Z',
  anexos: 0,
};
