import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { CLAIM_MSG, ClaimEntryDto, ClaimViewDto, ContractDto, duplicateCaseMessage, saoPauloDateTime } from '@guarita/domain';
import { apiError, dto, http, HttpResponse, route, server } from '../../../../test/msw';
import { tusServer } from '../../../../test/fake-tus';
import { OUTBOX_MSG } from '../../uploads';
import { CIVIC_CONTRACT } from '../../../../test/fixtures';
import { clearSession, storeTokens } from '../../../lib/session';
import ClaimPage from './ClaimPage';
import ClaimTrackingPage from './ClaimTrackingPage';
import NoticePage from './NoticePage';

const CONTRACT: ContractDto = CIVIC_CONTRACT;

const CASE: ClaimViewDto['caso'] = {
  Id: '7b0c6d7e-1111-4222-8333-944455556666',
  CaseNumber: '2026-000007',
  Status: 'New',
  Reason: 'Colisão',
  'Sub-Reason': 'Colisão',
  Fase__c: 'Documentação',
  Qualificado_como_PT__c: false,
  CreatedDate: '2026-11-16T13:00:00.000Z',
  ChaveNaturalContrato__c: '100104',
  Descricao_do_ocorrido__c: 'Bateram na lateral.',
  QualLocalSinistro__c: 'Av. Afonso Pena, 1500',
  Ponto_de_referencia__c: '',
  Data_Hora_da_ocorrencia__c: '2026-11-16T09:40:00.000Z',
  Condutor__c: 'Maria Aparecida Souza',
  CPF_do_condutor__c: '529.982.247-25',
  Contato_do_condutor__c: '(31) 98765-4321',
  Veiculo_esta_se_locomovendo__c: 'Sim',
  Boletim_realizado__c: 'Sim',
  Envolvimento_com_terceiros__c: 'Sim',
  Abrir_caso_de_sinistro_para__c: 'Para o meu veículo e do terceiro',
  Contato_do_terceiro__c: '(31) 99876-1234',
  Observacoes__c: '',
  AceiteTermosCondicoes__c: true,
  declaracaoAceitaEm: '2026-11-16T13:10:00.000Z',
};

const view = (over: Partial<ClaimViewDto> = {}): ClaimViewDto => ({
  caso: CASE,
  comentarios: [
    { CommentBody: 'Primeiro', CreatedDate: '2026-11-16T13:00:00.000Z' },
    { CommentBody: 'Segundo', CreatedDate: '2026-11-17T13:00:00.000Z' },
    { CommentBody: 'Terceiro', CreatedDate: '2026-11-18T13:00:00.000Z' },
    { CommentBody: 'Quarto', CreatedDate: '2026-11-19T13:00:00.000Z' },
  ],
  historico: [
    { phase: 'Aberto', at: '2026-11-16T13:00:00.000Z' },
    { phase: 'Documentação', at: '2026-11-17T13:00:00.000Z' },
  ],
  tipos: [
    { Id: 'cnh', Titulo: 'CNH do condutor', Obrigatorio: true, instrucoes: 'Fotografe a CNH.' },
    { Id: 'frente', Titulo: 'Frente do veículo', Obrigatorio: true, instrucoes: 'Fotografe a frente.' },
  ],
  fotos: [
    {
      TipoFoto: { Id: 'cnh', Titulo: 'CNH do condutor' },
      Foto: { Aprovacao: true, TextoReprovacao: null, Tipo: 'jpg' },
      enviadaEm: CASE.CreatedDate,
    },
    {
      TipoFoto: { Id: 'frente', Titulo: 'Frente do veículo' },
      Foto: { Aprovacao: false, TextoReprovacao: 'Foto desfocada.', Tipo: 'jpg' },
      enviadaEm: CASE.CreatedDate,
    },
  ],
  statusFotos: { Status: 'alguma-reprovada', AnoMesDia: '20261116' },
  ...over,
});

let entry: ClaimEntryDto;
let viewBody: ClaimViewDto;
let created: Array<Record<string, unknown>>;
let createReply: () => Response;

beforeEach(() => {
  entry = {
    nCtrId: 100104,
    cobertura: { collision: true, glass: false },
    motivos: ['Colisão', 'Danos da natureza', 'Incêndio'],
    casoAberto: null,
  };
  viewBody = view();
  created = [];
  createReply = () =>
    HttpResponse.json(
      { Id: CASE.Id, CaseNumber: '2026-000099', Reason: 'Colisão', Status: 'New', Fase__c: 'Aberto', CreatedDate: CASE.CreatedDate },
      { status: 201 },
    );
  server.use(
    http.get(route('/api/contracts'), () => dto(ContractDto.array(), [CONTRACT])),
    http.get(route('/api/config'), () => HttpResponse.json({ phoneTheft: '0800 333 4444' })),
    http.get(route('/api/claims/contracts/{nCtrId}'), () => dto(ClaimEntryDto, entry)),
    http.get(route('/api/claims/cases/{caseNumber}'), ({ params }) =>
      params.caseNumber === viewBody.caso.CaseNumber ? dto(ClaimViewDto, viewBody) : apiError(404, 'NOT_FOUND', 'Sinistro não encontrado.'),
    ),
    http.post(route('/api/claims/contracts/{nCtrId}'), async ({ request }) => {
      created.push((await request.json()) as Record<string, unknown>);
      return createReply();
    }),
  );
  const payload = btoa(JSON.stringify({ username: '52998224725', exp: Math.floor(Date.now() / 1000) + 3600 }));
  storeTokens({ IdToken: `h.${payload}.s`, AccessToken: 'access-token', expiresIn: 3600 });
});
afterEach(() => clearSession());

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/aviso/:nCtrId" element={<NoticePage />} />
          <Route path="/sinistros/:nCtrId" element={<ClaimPage />} />
          <Route path="/sinistros/consulta/:caseId" element={<ClaimTrackingPage />} />
          <Route path="/sinistros" element={<p>Lista de sinistros</p>} />
          <Route path="/dashboard" element={<p>Início</p>} />
          <Route path="/" element={<p>Informe seu CPF ou CNPJ</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

describe('claim notice', () => {
  it('explains why Continuar does nothing until agreed, offers the theft line, then goes to the form', async () => {
    const user = renderAt('/aviso/100104');
    const go = await screen.findByRole('button', { name: 'Continuar' });
    expect(screen.getByText('100104')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Ligar para 0800 333 4444' })).toHaveAttribute('href', 'tel:08003334444');
    await user.click(go);
    expect(screen.getByText('Você precisa concordar antes de continuar!')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Li e estou de acordo!'));
    await user.click(go);
    expect(await screen.findByRole('heading', { name: 'Sinistros' })).toBeInTheDocument();
  });
});

describe('claim form', () => {
  it('no cover: the blocking modal with Voltar to /dashboard', async () => {
    entry = { ...entry, cobertura: { collision: false, glass: false }, motivos: [] };
    const user = renderAt('/sinistros/100104');
    const modal = await screen.findByRole('dialog', { name: 'Não é possível criar sinistros' });
    expect(within(modal).getByText(/No momento você não possui autorização para criar sinistros/)).toBeInTheDocument();
    await user.click(within(modal).getByRole('link', { name: 'Voltar' }));
    expect(await screen.findByText('Início')).toBeInTheDocument();
  });

  it("'Enviar' waits for every relevant field; conditional fields appear; the values go to the API; a duplicate opens its modal", async () => {
    createReply = () => apiError(409, 'DUPLICATE_CASE', duplicateCaseMessage('2026-000007', '2026-11-16T13:00:00Z'));
    const user = renderAt('/sinistros/100104');
    const send = await screen.findByRole('button', { name: 'Enviar' });
    expect(send).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Incêndio' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Vidros' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Motivo'), 'Colisão');
    await user.type(screen.getByLabelText('Descrição do ocorrido'), 'Bati o carro');
    expect(screen.getByText('12/255 caracteres')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Local do ocorrido'), 'Av. Brasil, 10');
    const yesterday = saoPauloDateTime(new Date(Date.now() - 86_400_000)).date;
    await user.type(screen.getByLabelText('Data'), yesterday);
    await user.type(screen.getByLabelText('Horário'), '10:30');
    await user.type(screen.getByLabelText('Condutor'), 'Jo');
    await user.type(screen.getByLabelText('CPF do condutor'), '52998224725');
    expect(screen.getByText('Informe um nome válido')).toBeInTheDocument();
    expect(screen.getByLabelText('CPF do condutor')).toHaveValue('529.982.247-25');
    await user.type(screen.getByLabelText('Condutor'), 'sé');
    await user.type(screen.getByLabelText('Contato do condutor'), '31987654321');
    await user.selectOptions(screen.getByLabelText('O veículo está se locomovendo?'), 'Não');
    expect(screen.getByLabelText('Onde o veículo está?')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Onde o veículo está?'), 'Na garagem');
    await user.selectOptions(screen.getByLabelText('O boletim de ocorrência foi realizado?'), 'Não');
    await user.selectOptions(screen.getByLabelText('Houve envolvimento com terceiros?'), 'Sim');
    expect(send).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Abrir protocolo para o terceiro?'), 'Não');
    expect(screen.queryByLabelText('Contato do terceiro')).not.toBeInTheDocument();
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    const modal = await screen.findByRole('dialog', { name: 'Já existe um caso aberto' });
    expect(within(modal).getByText('2026-000007')).toBeInTheDocument();
    expect(within(modal).getByText(/16\/11\/2026 às 10:00/)).toBeInTheDocument();
    expect(created).toEqual([
      expect.objectContaining({
        reason: 'Colisão',
        driver: 'José',
        driverCPF: '529.982.247-25',
        currentVehicleLocation: 'Na garagem',
        isOpenProtocolToThirdParties: 'Não',
        thirdPartyContact: '',
      }),
    ]);
    // Continuar: that case's photos are rejected → its upload step
    await user.click(within(modal).getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: 'EVIDÊNCIA DO SINISTRO' })).toBeInTheDocument();
  });
});

describe('claim creation failure (002 §8)', () => {
  it("a server failure: 'Ops! ocorreu um erro, tente novamente mais tarde.' with its message, and the form stays filled", async () => {
    createReply = () => apiError(500, 'INTERNAL', 'Serviço indisponível.');
    const user = renderAt('/sinistros/100104');
    const send = await screen.findByRole('button', { name: 'Enviar' });
    await user.selectOptions(screen.getByLabelText('Motivo'), 'Colisão');
    await user.type(screen.getByLabelText('Descrição do ocorrido'), 'Bati o carro');
    await user.type(screen.getByLabelText('Local do ocorrido'), 'Av. Brasil, 10');
    await user.type(screen.getByLabelText('Data'), saoPauloDateTime(new Date(Date.now() - 86_400_000)).date);
    await user.type(screen.getByLabelText('Horário'), '10:30');
    await user.type(screen.getByLabelText('Condutor'), 'José');
    await user.type(screen.getByLabelText('CPF do condutor'), '52998224725');
    await user.type(screen.getByLabelText('Contato do condutor'), '31987654321');
    await user.selectOptions(screen.getByLabelText('O veículo está se locomovendo?'), 'Sim');
    await user.selectOptions(screen.getByLabelText('O boletim de ocorrência foi realizado?'), 'Não');
    await user.selectOptions(screen.getByLabelText('Houve envolvimento com terceiros?'), 'Não');
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByText('Ops! ocorreu um erro, tente novamente mais tarde. Serviço indisponível.')).toBeInTheDocument();
    expect(screen.getByLabelText('Descrição do ocorrido')).toHaveValue('Bati o carro');
    expect(screen.queryByRole('heading', { name: 'EVIDÊNCIA DO SINISTRO' })).not.toBeInTheDocument();
  });
});

describe('claim tracking', () => {
  it('carousel of the last 3 comments, collapsed completed steps, current step, Abertura and DOCUMENTAÇÃO', async () => {
    const user = renderAt('/sinistros/consulta/2026-000007');
    // The slide is named by the staff comment it shows (issue 30 item 9: an aria-label hid it from screen readers),
    // and described by its place in the carousel.
    const carousel = await screen.findByRole('button', { name: /Quarto/ });
    expect(carousel).toHaveAccessibleDescription('Atualização 1 de 3. Toque para ver a próxima.');
    expect(screen.getByRole('region', { name: 'Atualização' })).toHaveAttribute('aria-roledescription', 'carrossel');
    await user.click(carousel);
    expect(screen.getByRole('button', { name: /Terceiro/ })).toHaveAccessibleDescription('Atualização 2 de 3. Toque para ver a próxima.');
    expect(screen.queryByRole('button', { name: /Quarto/ })).not.toBeInTheDocument();
    expect(screen.getByText('1 etapa concluída')).toBeInTheDocument();
    expect(screen.getByText('Em andamento')).toBeInTheDocument();
    expect(screen.getByText('17 de Nov. 2026')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto reprovada' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Documentação/ }));
    const docs = await screen.findByRole('dialog', { name: 'DOCUMENTAÇÃO' });
    expect(within(docs).getByText('Aprovada')).toBeInTheDocument();
    expect(within(docs).getByText('Reprovado')).toBeInTheDocument();
    expect(within(docs).getByText('Foto desfocada.')).toBeInTheDocument();
    expect(within(docs).getByRole('button', { name: 'Reenviar foto(s)' })).toBeEnabled();
    await user.click(within(docs).getByRole('button', { name: 'Fechar' }));

    await user.click(screen.getByText('1 etapa concluída'));
    await user.click(screen.getByRole('button', { name: 'Abertura' }));
    const opening = await screen.findByRole('dialog', { name: 'Abertura' });
    expect(within(opening).getByText('Av. Afonso Pena, 1500')).toBeInTheDocument();
    expect(within(opening).getByText('16/11/2026 às 09:40')).toBeInTheDocument();
    expect(within(opening).getByText('(31) 99876-1234')).toBeInTheDocument();
    expect(within(opening).getByRole('button', { name: 'Baixar aviso de sinistro' })).toBeInTheDocument();
  });

  it("no rejected photo: 'Reenviar foto(s)' is disabled", async () => {
    viewBody = view({
      fotos: view().fotos.map((f) => ({ ...f, Foto: { ...f.Foto, Aprovacao: null, TextoReprovacao: null } })),
      statusFotos: { Status: 'alguma-pendente-aprovacao', AnoMesDia: '20261116' },
    });
    const user = renderAt('/sinistros/consulta/2026-000007');
    await user.click(await screen.findByRole('button', { name: /Documentação/ }));
    const docs = await screen.findByRole('dialog', { name: 'DOCUMENTAÇÃO' });
    expect(within(docs).getAllByText('Em análise')).toHaveLength(2);
    expect(within(docs).getByRole('button', { name: 'Reenviar foto(s)' })).toBeDisabled();
  });

  it('total loss shows Indenização in progress with its text', async () => {
    viewBody = view({ caso: { ...CASE, Fase__c: 'Regulação', Qualificado_como_PT__c: true } });
    renderAt('/sinistros/consulta/2026-000007');
    expect(await screen.findByText('5 etapas concluídas')).toBeInTheDocument();
    expect(screen.getByText('Indenização')).toBeInTheDocument();
    expect(screen.getByText('Seu caso foi encaminhado para a equipe de indenização...')).toBeInTheDocument();
  });

  it("an unknown phase alerts 'Etapa não encontrada! Status: ...' and goes to /", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    viewBody = view({ caso: { ...CASE, Fase__c: 'Inexistente' } });
    renderAt('/sinistros/consulta/2026-000007');
    expect(await screen.findByText('Informe seu CPF ou CNPJ')).toBeInTheDocument();
    expect(alert).toHaveBeenCalledWith('Etapa não encontrada! Status: Inexistente');
    alert.mockRestore();
  });

  it("someone else's claim: back to the claims list", async () => {
    renderAt('/sinistros/consulta/2026-000001');
    expect(await screen.findByText('Lista de sinistros')).toBeInTheDocument();
  });
});

describe('evidence steps (issue 24)', () => {
  const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
  const photo = (name: string) => new File([JPEG], name, { type: 'image/jpeg' });
  let uploads: string[];

  /** Case 2026-000007 opened and nothing sent yet: declaration, Orçamento, then its two types. */
  function freshCase() {
    viewBody = view({
      caso: { ...CASE, Fase__c: 'Aberto', declaracaoAceitaEm: null },
      historico: [{ phase: 'Aberto', at: CASE.CreatedDate }],
      fotos: [],
      statusFotos: { Status: 'todas-pendente-upload', AnoMesDia: null },
    });
    entry = {
      ...entry,
      casoAberto: {
        Id: CASE.Id,
        CaseNumber: CASE.CaseNumber,
        Status: 'New',
        Reason: 'Colisão',
        motivo: 'Colisão',
        Fase__c: 'Aberto',
        Qualificado_como_PT__c: false,
        CreatedDate: CASE.CreatedDate,
        nCtrId: 100104,
        placa: null,
        statusFotos: viewBody.statusFotos,
        rota: 'upload',
      },
    };
  }

  beforeEach(() => {
    uploads = [];
    // The photos go as resumable uploads (ADR 093): the in-memory tus server stores them at their last byte.
    tusServer.finish = (metadata) => {
      uploads.push(metadata.tipo!);
      return null;
    };
    server.use(http.post(route('/api/claims/cases/{caseNumber}/declaration'), () => new HttpResponse(null, { status: 204 })));
  });
  afterEach(() => vi.useRealTimers());

  it("counts the steps shown from 1: 'Etapa 1 de 4' on the declaration, 'Etapa 4 de 4' on the last photo", async () => {
    freshCase();
    const user = renderAt('/sinistros/100104');
    expect(await screen.findByText('Etapa 1 de 4')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/Declaro, sob as penas da lei/));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Etapa 2 de 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Entendi, continuar' }));
    expect(await screen.findByRole('heading', { name: 'CNH do condutor' })).toBeInTheDocument();
    expect(screen.getByText('Etapa 3 de 4')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Escolher arquivo'), photo('cnh.jpg'));
    expect(await screen.findByRole('heading', { name: 'Frente do veículo' })).toBeInTheDocument();
    expect(screen.getByText('Etapa 4 de 4')).toBeInTheDocument();
  });

  it('after the last step the case view says the evidence was sent and what happens next', async () => {
    freshCase();
    viewBody = { ...viewBody, caso: { ...viewBody.caso, declaracaoAceitaEm: CASE.CreatedDate } };
    viewBody = { ...viewBody, fotos: [view().fotos[0]!] };
    const user = renderAt('/sinistros/100104');
    expect(await screen.findByRole('heading', { name: 'Frente do veículo' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Escolher arquivo'), photo('frente.jpg'));
    expect(await screen.findByRole('heading', { name: 'Etapas' })).toBeInTheDocument();
    const sent = screen.getByRole('region', { name: 'Fotos e documentos enviados!' });
    expect(sent).toHaveTextContent('A equipe de sinistros vai analisar o que você enviou');
    expect(uploads).toEqual(['frente']);
  });

  it('the connection cut mid-upload: the step says the photo is kept on the device, the case lists it, it goes when the connection returns', async () => {
    freshCase();
    viewBody = { ...viewBody, caso: { ...viewBody.caso, declaracaoAceitaEm: CASE.CreatedDate } };
    viewBody = { ...viewBody, fotos: [view().fotos[0]!] };
    const big = new File([JPEG, new Uint8Array(700 * 1024)], 'frente.jpg', { type: 'image/jpeg' });
    tusServer.cutAfterChunks = 1;
    const user = renderAt('/sinistros/100104');
    expect(await screen.findByRole('heading', { name: 'Frente do veículo' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Escolher arquivo'), big);
    expect(await screen.findByText(OUTBOX_MSG.photoKeptStep)).toBeInTheDocument();
    expect(screen.getByText(OUTBOX_MSG.photoKept)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    // The case view: not 'sent', but the photo waiting, with its progress (one chunk of three received).
    const pending = await screen.findByRole('region', { name: 'Aguardando envio' });
    expect(screen.queryByRole('region', { name: 'Fotos e documentos enviados!' })).not.toBeInTheDocument();
    expect(within(pending).getByText('Frente do veículo')).toBeInTheDocument();
    expect(within(pending).getByText('Aguardando conexão')).toBeInTheDocument();
    expect(within(pending).getByRole('progressbar', { name: 'Envio de Frente do veículo' })).toHaveValue(37);
    expect(uploads).toEqual([]);

    tusServer.down = false;
    tusServer.cutAfterChunks = null;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Aguardando envio' })).not.toBeInTheDocument());
    expect(uploads).toEqual(['frente']);
    // Resumed where the server stood: one upload created, its HEAD, then the two chunks left.
    expect(tusServer.log.filter((r) => r === 'POST')).toHaveLength(1);
    expect(tusServer.log.filter((r) => r.startsWith('HEAD'))).toHaveLength(1);
  });

  it("a re-sent photo is 'Etapa 1 de 1' and can be given up: 'Cancelar' goes back to the case", async () => {
    // viewBody: 'frente' rejected; 'Reenviar foto(s)' hands the case number over
    const user = renderAt('/sinistros/consulta/2026-000007');
    await user.click(await screen.findByRole('button', { name: /Documentação/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'DOCUMENTAÇÃO' })).getByRole('button', { name: 'Reenviar foto(s)' }));
    expect(await screen.findByRole('heading', { name: 'Frente do veículo' })).toBeInTheDocument();
    expect(screen.getByText('Etapa 1 de 1')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    expect(await screen.findByRole('heading', { name: 'Etapas' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Fotos e documentos enviados!' })).not.toBeInTheDocument();
    expect(uploads).toEqual([]);
  });

  it('a file of the wrong type is refused before sending, saying so; the file buttons offer only the accepted types', async () => {
    freshCase();
    viewBody = { ...viewBody, caso: { ...viewBody.caso, declaracaoAceitaEm: CASE.CreatedDate } };
    const user = renderAt('/sinistros/100104');
    expect(await screen.findByRole('heading', { name: 'CNH do condutor' })).toBeInTheDocument();
    for (const label of ['Escolher arquivo', 'Escolher da galeria'])
      expect(screen.getByLabelText(label).getAttribute('accept')?.split(',')).not.toContain('image/*');
    // A text file renamed 'cnh.jpg': the name says JPEG, its first bytes do not.
    await user.upload(screen.getByLabelText('Escolher arquivo'), new File(['não é uma foto'], 'cnh.jpg', { type: 'image/jpeg' }));
    expect((await screen.findAllByText(CLAIM_MSG.wrongFileType)).length).toBeGreaterThan(0);
    expect(screen.queryByText(CLAIM_MSG.uploadFailed)).not.toBeInTheDocument();
    expect(uploads).toEqual([]);
  });

  it('the error banner goes after 10 s, and a photo that then goes through takes it away at once', async () => {
    freshCase();
    viewBody = { ...viewBody, caso: { ...viewBody.caso, declaracaoAceitaEm: CASE.CreatedDate } };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = renderAt('/sinistros/100104');
    expect(await screen.findByRole('heading', { name: 'CNH do condutor' })).toBeInTheDocument();
    // The banner: the step's alert above the file field (each file's own line is an alert in the 'Arquivos' list).
    const banner = () => screen.queryAllByRole('alert').filter((a) => !a.closest('ul'));
    // A GIF (the file dialog can be told to show every file): refused before sending.
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(screen.getByLabelText('Escolher arquivo'), new File(['GIF89a'], 'cnh.gif', { type: 'image/gif' }));
    await waitFor(() => expect(banner()).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(banner()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(banner()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(banner()).toHaveLength(0);

    // The server refuses it (its message at the last byte), then the next try goes through: the next step opens
    // without the banner.
    tusServer.finish = () => ({ status: 415, body: { erro: 'UNSUPPORTED_FILE_TYPE', mensagem: CLAIM_MSG.wrongFileType } });
    await user.upload(screen.getByLabelText('Escolher arquivo'), photo('cnh.jpg'));
    await waitFor(() => expect(banner().map((a) => a.textContent)).toEqual([CLAIM_MSG.wrongFileType]));
    tusServer.finish = () => null;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Frente do veículo' })).toBeInTheDocument();
    expect(banner()).toHaveLength(0);
  });
});

describe('claim tracking, issue 24', () => {
  it("a concluded glass claim lists its steps in order: 'Abertura' first, 'Finalização' last", async () => {
    viewBody = view({
      caso: { ...CASE, Reason: 'Vidros', 'Sub-Reason': 'Vidros', Fase__c: 'Concluido', Status: 'Closed' },
      historico: [
        { phase: 'Aberto', at: '2026-09-28T13:00:00.000Z' },
        { phase: 'Documentação', at: '2026-09-29T13:00:00.000Z' },
        { phase: 'Acompanhamento', at: '2026-10-08T13:00:00.000Z' },
        { phase: 'Concluido', at: '2026-10-13T13:00:00.000Z' },
      ],
    });
    renderAt('/sinistros/consulta/2026-000007');
    const etapas = await screen.findByRole('region', { name: 'Etapas' });
    const steps = within(etapas)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('strong')?.textContent);
    expect(steps[0]).toBe('Abertura');
    expect(steps.at(-1)).toBe('Finalização');
    expect(steps).toHaveLength(9);
  });

  it("the 'Abertura' overlay opens at its top: its title has the focus, not the download button at the bottom", async () => {
    const user = renderAt('/sinistros/consulta/2026-000007');
    await user.click(await screen.findByText('1 etapa concluída'));
    await user.click(screen.getByRole('button', { name: 'Abertura' }));
    const opening = await screen.findByRole('dialog', { name: 'Abertura' });
    await waitFor(() => expect(within(opening).getByRole('heading', { name: 'Abertura' })).toHaveFocus());
  });
});
