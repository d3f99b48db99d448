import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AddressLookupDto, SUPPORT_MSG } from '@guarita/domain';
import { apiError, dto, http, HttpResponse, route, server } from '../../../../test/msw';
import { fakeLogin, renderSupport, supportNetwork } from '../../../../test/support-fixtures';
import { clearSession } from '../../../lib/session';

/** Registration change (001 §2, §5, §8): CEP lookup, the choices, the CNH/CRLV attach flow, the texts after sending. */

const BAHIA = {
  Cep: '30160-011',
  Logradouro: 'Rua da Bahia',
  Bairro: 'Centro',
  Municipio: 'Belo Horizonte',
  UF: 'MG',
  CodigoIbge: '3106200',
};

const box = (name: string) => screen.getByRole('textbox', { name });
const lookups: string[] = [];

beforeEach(() => {
  fakeLogin();
  lookups.length = 0;
  server.use(
    http.get(route('/api/addresses/cep/{cep}'), ({ params }) => {
      lookups.push(String(params.cep));
      if (params.cep === '30160011') return dto(AddressLookupDto, BAHIA);
      if (params.cep === '50000000') return apiError(503, 'CEP_LOOKUP_UNAVAILABLE', SUPPORT_MSG.cepUnavailable);
      return apiError(404, 'CEP_NOT_FOUND', SUPPORT_MSG.cepNotFound, { Erro: 'correios-cep-nao-encontrado' });
    }),
  );
});
afterEach(() => clearSession());

async function open(choice: string) {
  const r = renderSupport('/suporte/100101?area=Alteracao-de-Dados-Cadastrais');
  await r.user.type(await screen.findByRole('textbox', { name: 'Telefone para contato (celular)' }), '31987654321');
  await r.user.selectOptions(screen.getByRole('combobox', { name: 'O que você quer alterar?' }), choice);
  return r;
}

describe('address change with CEP lookup', () => {
  it('a complete CEP fills street, district, city and state; the request carries them and the IBGE code', async () => {
    const sent = supportNetwork();
    const { user } = await open('Endereço');
    await user.type(box('CEP'), '30160011');
    expect(box('CEP')).toHaveValue('30160-011');
    await waitFor(() => expect(box('Rua')).toHaveValue('Rua da Bahia'));
    expect(box('Bairro')).toHaveValue('Centro');
    expect(box('Cidade')).toHaveValue('Belo Horizonte');
    expect(box('Estado (UF)')).toHaveValue('MG');
    expect(lookups).toEqual(['30160011']);
    await user.type(box('Número'), '1148');
    await user.type(box('Complemento (opcional)'), 'Apto 702');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByRole('heading', { name: 'Solicitação enviada com sucesso!' })).toBeInTheDocument();
    expect(screen.getByText(SUPPORT_MSG.registrationPending)).toBeInTheDocument();
    expect(sent[0]!.dados).toEqual({
      tipo: 'dados-cadastrais',
      telefone: '(31) 98765-4321',
      alteracoes: ['Endereço'],
      endereco: {
        cep: '30160-011',
        estado: 'MG',
        cidade: 'Belo Horizonte',
        bairro: 'Centro',
        rua: 'Rua da Bahia',
        numero: '1148',
        complemento: 'Apto 702',
        codigoIbge: '3106200',
      },
    });
  });

  it("an unknown CEP shows 'CEP não encontrado' and the address can be typed", async () => {
    const sent = supportNetwork();
    const { user } = await open('Endereço');
    await user.type(box('CEP'), '12345678');
    expect(await screen.findByText(SUPPORT_MSG.cepNotFound)).toBeInTheDocument();
    expect(box('CEP')).toHaveAttribute('aria-invalid', 'true');
    await user.type(box('Estado (UF)'), 'mg');
    expect(box('Estado (UF)')).toHaveValue('MG');
    await user.type(box('Cidade'), 'Belo Horizonte');
    await user.type(box('Bairro'), 'Centro');
    await user.type(box('Rua'), 'Rua Nova');
    await user.type(box('Número'), '10');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByRole('heading', { name: 'Solicitação enviada com sucesso!' })).toBeInTheDocument();
    expect(sent[0]!.dados.endereco).toMatchObject({ cep: '12345-678', rua: 'Rua Nova' });
  });

  it('a lookup service that is away says so as a hint, and an incomplete CEP is refused on send', async () => {
    const sent = supportNetwork();
    const { user } = await open('Endereço');
    await user.type(box('CEP'), '50000000');
    expect(await screen.findByText(SUPPORT_MSG.cepUnavailable)).toBeInTheDocument();
    await user.clear(box('CEP'));
    await user.type(box('CEP'), '3016');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByText(SUPPORT_MSG.invalidCep)).toBeInTheDocument();
    for (const m of ['Insira o estado', 'Insira a cidade', 'Insira o bairro', 'Insira a rua', 'Insira o número'])
      expect(screen.getByText(m)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

describe('the other choices', () => {
  it("nothing chosen: 'Selecione uma opção' and nothing is sent; a document change asks for its type", async () => {
    const sent = supportNetwork();
    const { user } = await open('Selecione');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByText(SUPPORT_MSG.selectOption)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'O que você quer alterar?' })).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'O que você quer alterar?' }), 'Alteração de documentos');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(SUPPORT_MSG.invalidDocumentType)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("'Alterar mais dados' adds a second change; phone and e-mail rules", async () => {
    const sent = supportNetwork();
    const { user } = await open('Telefone');
    await user.click(screen.getByRole('checkbox', { name: 'Alterar mais dados' }));
    const second = screen.getByRole('combobox', { name: 'O que mais você quer alterar?' });
    expect(within(second).queryByRole('option', { name: 'Telefone' })).not.toBeInTheDocument();
    expect(within(second).queryByRole('option', { name: 'Alteração de documentos' })).not.toBeInTheDocument();
    await user.selectOptions(second, 'E-mail');
    await user.type(box('Novo telefone'), '3133334444');
    await user.type(box('Novo e-mail'), 'maria@');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByText('Insira o número')).toBeInTheDocument();
    expect(screen.getByText('Insira um e-mail válido')).toBeInTheDocument();
    await user.clear(box('Novo telefone'));
    await user.type(box('Novo telefone'), '31991234567');
    await user.clear(box('Novo e-mail'));
    await user.type(box('Novo e-mail'), 'maria@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    await screen.findByRole('heading', { name: 'Solicitação enviada com sucesso!' });
    expect(sent[0]!.dados).toMatchObject({ alteracoes: ['Telefone', 'E-mail'], novoEmail: 'maria@exemplo.com.br' });
  });

  it("a failure without a server message shows 'Ocorreu um erro ao enviar os dados. Tente novamente.'", async () => {
    supportNetwork({ answer: () => new HttpResponse('bad gateway', { status: 502 }) });
    const { user } = await open('Outros');
    await user.type(screen.getByRole('textbox', { name: 'Descreva a alteração' }), 'Mudar o nome social.');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByText(SUPPORT_MSG.registrationFailed)).toBeInTheDocument();
  });
});

describe('CNH/CRLV full-screen attach flow', () => {
  it('choosing CNH opens it: a wrong file is refused, a photo shows its preview, then attach another or confirm', async () => {
    const sent = supportNetwork();
    const { user } = await open('Alteração de documentos');
    expect(screen.getByRole('checkbox', { name: 'Alterar mais dados' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo de documento' }), 'CNH');
    const flow = await screen.findByRole('dialog', { name: 'Anexar CNH' });
    for (const label of ['Galeria', 'Tirar foto', 'Arquivo']) expect(within(flow).getByLabelText(label)).toBeInTheDocument();
    expect(within(flow).getByLabelText('Tirar foto')).toHaveAttribute('capture', 'environment');

    // A file outside `accept` (a phone's file picker may still offer it) is refused with the spec's message.
    fireEvent.change(within(flow).getByLabelText('Arquivo'), {
      target: { files: [new File(['GIF89a'], 'cnh.gif', { type: 'image/gif' })] },
    });
    expect(within(flow).getByRole('alert')).toHaveTextContent(SUPPORT_MSG.invalidFormat);

    await user.upload(
      within(flow).getByLabelText('Galeria'),
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'cnh.jpg', { type: 'image/jpeg' }),
    );
    const preview = await screen.findByRole('dialog', { name: 'Confira a CNH' });
    expect(within(preview).getByRole('list', { name: 'CNH anexada' })).toHaveTextContent('cnh.jpg');
    await user.click(within(preview).getByRole('button', { name: 'Anexar outra CNH' }));
    await user.upload(
      within(screen.getByRole('dialog', { name: 'Anexar CNH' })).getByLabelText('Arquivo'),
      new File(['%PDF-1.4'], 'verso.pdf', { type: 'application/pdf' }),
    );
    const again = await screen.findByRole('dialog', { name: 'Confira a CNH' });
    expect(within(again).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(again).getByRole('button', { name: 'Confirmar alteração' }));

    expect(await screen.findByRole('heading', { name: 'Solicitação enviada com sucesso!' })).toBeInTheDocument();
    expect(sent[0]!.dados).toMatchObject({ alteracoes: ['Alteração de documentos'], documento: 'CNH' });
    expect(sent[0]!.files).toHaveLength(2);
  });
});
