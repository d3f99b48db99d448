import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CannedReplyListDto, CustomerContextDto, StaffCaseDto, StaffMeDto } from '@guarita/domain';
import { dto, http, HttpResponse, route, server } from '../../../../test/msw';
import { renderConsole } from './render-console';

const ME: StaffMeDto = {
  id: 1,
  email: 'atendimento@guarita.example',
  nome: 'Ana Atendimento',
  papel: 'atendimento',
  inatividadeSegundos: 1800,
};

const CASE: StaffCaseDto = {
  caso: {
    Id: 'c9',
    CaseNumber: '2026-000321',
    Reason: 'Ouvidoria',
    Subject: 'Ouvidoria',
    Status: 'New',
    Fase__c: 'Análise',
    CreatedDate: '2026-11-16T13:00:00.000Z',
    nCtrId: 100101,
    Description: 'Sem retorno.',
    tipoSolicitacao: 'ouvidoria',
  },
  cliente: { nome: 'RENATA Alves Costa', documento: '529.***.***-25' },
  solicitacao: {},
  anexos: [
    {
      Id: 'a1',
      tipoDocumento: 'anexo-da-equipe',
      contentType: 'application/pdf',
      tamanho: 2048,
      CreatedDate: '2026-11-17T13:00:00.000Z',
      enviadoPor: 'staff',
    },
  ],
  historico: [],
  comentarios: [],
  notasInternas: [],
  proximasFases: ['Aguardando Cliente'],
  sinistro: null,
  podeDecidir: false,
  podeReabrir: false,
  proposta: null,
};

const REPLIES: CannedReplyListDto = {
  respostas: [
    {
      id: 1,
      tipo: 'geral',
      titulo: 'Recebemos',
      texto: 'Olá, {nome}! Protocolo {protocolo}, contrato {contrato}.',
      ativo: true,
      atualizadoEm: '2026-11-01T00:00:00.000Z',
    },
    {
      id: 2,
      tipo: 'ouvidoria',
      titulo: 'Visita',
      texto: 'Olá, {nome}! A visita será em {data_visita}.',
      ativo: true,
      atualizadoEm: '2026-11-01T00:00:00.000Z',
    },
  ],
};

const CONTEXT: CustomerContextDto = {
  cliente: { nome: 'RENATA Alves Costa', documento: '529.***.***-25' },
  contratos: [
    {
      nCtrId: 100101,
      plano: 'Guarita Completo',
      situacao: 'Ativo',
      veiculo: 'Chevrolet Onix 2022',
      placa: 'LUC7G89',
      mensalidade: 18990,
      formaPagamento: 'Visa final 4242',
      faturasAbertas: [{ vencimento: '2026-11-10', valor: 19500, situacao: 'I' }],
      totalVencido: 19500,
    },
  ],
  casos: [
    {
      CaseNumber: '2026-000100',
      Reason: 'Contestação',
      Subject: 'Contestação',
      Status: 'Closed',
      Fase__c: 'Concluído',
      CreatedDate: '2026-10-01T13:00:00.000Z',
      nCtrId: 100101,
      podeAbrir: true,
    },
  ],
  sinistros: [
    {
      CaseNumber: '2026-000200',
      Reason: 'Colisão',
      Subject: 'Sinistro',
      Status: 'New',
      Fase__c: 'Documentação',
      CreatedDate: '2026-10-05T13:00:00.000Z',
      nCtrId: 100101,
      podeAbrir: false,
      placa: 'LUC7G89',
      perdaTotal: false,
    },
  ],
  notificacoes: [{ titulo: 'Nova atualização no seu caso', tipo: 'case_comment', CreatedDate: '2026-11-17T13:00:00.000Z', lida: false }],
};

function serve() {
  let contextReads = 0;
  server.use(
    http.get(route('/api/backoffice/auth/me'), () => dto(StaffMeDto, ME)),
    http.get(route('/api/backoffice/casos/{caseNumber}'), () => dto(StaffCaseDto, CASE)),
    http.get(route('/api/backoffice/casos/{caseNumber}/respostas-prontas'), () => dto(CannedReplyListDto, REPLIES)),
    http.get(route('/api/backoffice/casos/{caseNumber}/contexto-cliente'), () => {
      contextReads++;
      return dto(CustomerContextDto, CONTEXT);
    }),
  );
  return { reads: () => contextReads };
}

describe('the desk’s tools on the case page', () => {
  it('reads the customer’s context only when asked, and links only the cases of the desk', async () => {
    const s = serve();
    const user = userEvent.setup();
    renderConsole('/backoffice/casos/2026-000321');
    const panel = await screen.findByRole('region', { name: 'Contexto do cliente' });
    expect(s.reads()).toBe(0);
    await user.click(within(panel).getByRole('button', { name: 'Ver contexto do cliente' }));
    expect(await within(panel).findByText('Em atraso: R$ 195,00')).toBeInTheDocument();
    expect(within(panel).getByText(/Vencida · vencimento 10\/11\/2026/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Caso nº 2026-000100' })).toHaveAttribute('href', '/backoffice/casos/2026-000100');
    expect(within(panel).queryByRole('link', { name: 'Caso nº 2026-000200' })).toBeNull();
    expect(within(panel).getByText(/Nova atualização no seu caso \(não lida\)/)).toBeInTheDocument();
    expect(s.reads()).toBe(1);
    expect(screen.getByText(/enviado pela equipe/)).toBeInTheDocument();
  });

  it('a canned reply fills the comment with the first name, protocol and contract, and flags what is left to complete', async () => {
    serve();
    const user = userEvent.setup();
    renderConsole('/backoffice/casos/2026-000321');
    const picker = await screen.findByLabelText('Resposta pronta');
    await screen.findByRole('option', { name: 'Recebemos' });
    await user.selectOptions(picker, 'Recebemos');
    const comment = screen.getByLabelText('Comentário');
    expect(comment).toHaveValue('Olá, Renata! Protocolo 2026-000321, contrato 100101.');
    await user.selectOptions(picker, 'Visita');
    expect(comment).toHaveValue('Olá, Renata! A visita será em {data_visita}.');
    expect(screen.getByText('Complete antes de enviar: {data_visita} não foi preenchido.')).toBeInTheDocument();
    await user.clear(comment);
    await user.type(comment, 'Visita marcada.');
    expect(screen.queryByText(/Complete antes de enviar/)).toBeNull();
  });

  it('refuses a file in a staff-only note and sends a file with a comment as multipart', async () => {
    serve();
    let sent: string | null = null;
    server.use(
      http.post(route('/api/backoffice/casos/{caseNumber}/comentarios/anexo'), async ({ request }) => {
        // jsdom's FormData cannot be read back here: what the request is, is what the test checks.
        sent = request.headers.get('content-type');
        return HttpResponse.json({ anexo: '6f1c1a8e-2a8e-4f7a-9c57-0a0b0c0d0e0f' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderConsole('/backoffice/casos/2026-000321');
    const file = new File(['%PDF-1.4'], 'recibo.pdf', { type: 'application/pdf' });
    await user.upload(await screen.findByLabelText('Anexo para o cliente (opcional)'), file);
    expect(screen.getByText('Arquivo escolhido: recibo.pdf')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Comentário'), 'Segue o recibo.');
    await user.click(screen.getByLabelText('Nota interna (o cliente não vê)'));
    await user.click(screen.getByRole('button', { name: 'Enviar comentário' }));
    expect(await screen.findByText(/Anexos vão só em comentários para o cliente/)).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.click(screen.getByLabelText('Nota interna (o cliente não vê)'));
    await user.click(screen.getByRole('button', { name: 'Enviar comentário' }));
    await screen.findByLabelText('Comentário');
    await expect.poll(() => sent).not.toBeNull();
    expect(sent).toMatch(/^multipart\/form-data; boundary=/);
    await expect.poll(() => (screen.getByLabelText('Comentário') as HTMLTextAreaElement).value).toBe('');
  });
});
