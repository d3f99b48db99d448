import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MSG, saoPauloDateTime, type ClaimFormValues } from '@guarita/domain';
import { rawQuery } from '../src/db/db';
import { createTestApp, type TestApp } from './helpers';
import {
  CLAIM_LIKE,
  COLLISION_CLAIM_FORM,
  aCase,
  aClaim,
  aContract,
  aCustomer,
  aSession,
  type ContractInput,
  type CustomerRow,
} from './factories';

/** Claims (issue 11): coverage gate, exact payload, duplicates, evidence by magic bytes, resume/replace, IDOR, PDF, demo endpoint. */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');
const yesterday = saoPauloDateTime(new Date(Date.now() - 86_400_000)).date;

// The factory's collision claim, with a third party, and a double space the API must collapse.
const FORM: ClaimFormValues = {
  ...COLLISION_CLAIM_FORM,
  description: 'Bati  na traseira de um caminhão.',
  date: yesterday,
  involvementWithThirdParties: 'Sim',
  isOpenProtocolToThirdParties: 'Sim',
  thirdPartyContact: '(31) 99999-1111',
};

describe('claims', () => {
  let t: TestApp;
  let uploads: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    uploads = mkdtempSync(path.join(tmpdir(), 'guarita-claims-'));
    t = await createTestApp({ env: { UPLOADS_DIR: uploads, UPLOAD_QUOTA_MB: '5' } });
    jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3366aa' } })
      .withExif({ IFD0: { Artist: 'segredo' } })
      .jpeg()
      .toBuffer();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  /** Covers (ADR 070: each test makes the contracts it needs). */
  const COVER: Record<'both' | 'collision' | 'glass' | 'none', ContractInput> = {
    both: {},
    collision: { idPlan: 'GUARITA_ESSENCIAL_ANUAL_MG', slpCode: null, tracker: false, items: ['roubo_furto', 'assistencia', 'colisao'] },
    glass: { idPlan: 'GUARITA_COMPLETO_SP', items: ['roubo_furto', 'rastreador', 'assistencia', 'vidros'], towing: false },
    none: { idPlan: 'GUARITA_RECUP_MG', items: ['roubo_furto', 'rastreador'] },
  };
  /** A logged-in customer (its access token) with a contract of each cover asked for. */
  async function holder<K extends keyof typeof COVER>(
    ...covers: K[]
  ): Promise<{ customer: CustomerRow; token: string } & Record<K, number>> {
    const customer = await aCustomer(t);
    const contracts = {} as Record<K, number>;
    for (const cover of covers) contracts[cover] = (await aContract(t, customer, COVER[cover])).nCtrId;
    return { customer, token: (await aSession(t, customer)).AccessToken, ...contracts };
  }

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: auth(who) });
  const create = (nCtrId: number, body: unknown, who: string, key: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/claims/contracts/${nCtrId}`,
      headers: { ...auth(who), 'idempotency-key': key },
      payload: body as object,
    });
  const upload = (caseNumber: string, type: string, data: Buffer, who: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/claims/cases/${caseNumber}/photos/${type}`,
      headers: { ...auth(who), 'content-type': 'application/octet-stream' },
      payload: data,
    });
  const closeClaim = (caseNumber: string) =>
    t.app.inject({ method: 'POST', url: `/api/dev/claims/${caseNumber}/phase`, payload: { fase: 'Finalização', encerrar: true } });

  it('coverage gate: both, collision only, glass only, neither (entry and create)', async () => {
    const maria = await holder('both', 'collision');
    const alfa = await holder('glass');
    const joao = await holder('none');
    const reasons = async (n: number, who: string) => (await get(`/api/claims/contracts/${n}`, who)).json().motivos;
    expect(await reasons(maria.both, maria.token)).toEqual(['Colisão', 'Vidros', 'Danos da natureza', 'Incêndio']);
    expect(await reasons(maria.collision, maria.token)).toEqual(['Colisão', 'Danos da natureza', 'Incêndio']);
    expect(await reasons(alfa.glass, alfa.token)).toEqual(['Vidros']);
    const none = await get(`/api/claims/contracts/${joao.none}`, joao.token);
    expect(none.json()).toMatchObject({ cobertura: { collision: false, glass: false }, motivos: [], casoAberto: null });
    const refused = await create(joao.none, FORM, joao.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().mensagem).toBe(CLAIM_MSG.noCoverageText);
    // a reason the contract does not cover
    const glassOnly = await create(alfa.glass, FORM, alfa.token);
    expect(glassOnly.statusCode).toBe(400);
    expect(glassOnly.json().mensagem).toBe('Selecione o motivo do caso');
  });

  it('an open claim routes by its photo status (rejected photo → upload)', async () => {
    const maria = await holder('both');
    await aClaim(t, { nCtrId: maria.both }, CLAIM_LIKE.collisionInDocumentation);
    await aClaim(t, { nCtrId: maria.both }, CLAIM_LIKE.glassRepairAuthorised);
    const entry = (await get(`/api/claims/contracts/${maria.both}`, maria.token)).json();
    expect(entry.casoAberto).toMatchObject({ Status: 'New', rota: 'upload' });
    const list = (await get('/api/claims', maria.token)).json().sinistros;
    expect(list.map((c: { Fase__c: string }) => c.Fase__c)).toEqual(['Documentação', 'Reparo Autorizado']);
    const doc = list.find((c: { Fase__c: string }) => c.Fase__c === 'Documentação');
    expect(doc.statusFotos.Status).toBe('alguma-reprovada');
    const view = (await get(`/api/claims/cases/${doc.CaseNumber}`, maria.token)).json();
    const rejected = view.fotos.find((f: { Foto: { Aprovacao: boolean | null } }) => f.Foto.Aprovacao === false);
    expect(rejected).toMatchObject({ TipoFoto: { Id: 'frente' }, Foto: { TextoReprovacao: 'Foto desfocada: a placa não está legível.' } });
    expect(view.comentarios).toHaveLength(3);
    expect(view.historico.map((h: { phase: string }) => h.phase)).toEqual(['Aberto', 'Documentação']);
    // total loss on a company's contract
    const company = await aCustomer(t, { kind: 'cnpj' });
    const fleet = await aContract(t, company, { items: ['roubo_furto', 'rastreador', 'assistencia', 'colisao', 'carro_reserva'] });
    await aClaim(t, fleet, CLAIM_LIKE.totalLossInRegulation);
    const claims = (await get('/api/claims', (await aSession(t, company)).AccessToken)).json().sinistros;
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ Fase__c: 'Regulação', Qualificado_como_PT__c: true, rota: 'view' });
  });

  it('validation: the §5.1 message of the first broken rule; a future date is refused', async () => {
    const { collision, token } = await holder('collision');
    const bad = await create(collision, { ...FORM, driver: 'R2' }, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().mensagem).toBe('Informe um nome válido');
    const tomorrow = saoPauloDateTime(new Date(Date.now() + 2 * 86_400_000)).date;
    expect((await create(collision, { ...FORM, date: tomorrow }, token)).json().mensagem).toBe('Insira a data');
    expect((await create(collision, { ...FORM, thirdPartyContact: '(31) 3333-4444' }, token)).json().mensagem).toBe(
      'Insira um telefone válido com um 9 na frente (celular com DDD)',
    );
    expect((await create(collision, {}, token)).statusCode).toBe(400);
    expect((await get('/api/claims', token)).json().sinistros).toEqual([]);
  });

  it('creates with the exact payload of 002 §3, then refuses a duplicate with the spec message (409)', async () => {
    const { collision, token } = await holder('collision');
    const res = await create(collision, FORM, token);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ Reason: 'Colisão', Status: 'New', Fase__c: 'Aberto' });
    const [row] = await rawQuery<{ payload: Record<string, unknown>; claim_reason: string }>(
      t.db,
      'SELECT payload, claim_reason FROM claims WHERE case_id = $1',
      [created.Id],
    );
    expect(row!.payload).toEqual({
      Reason: 'Colisão',
      ChaveNaturalContrato__c: String(collision),
      Data_Hora_da_ocorrencia__c: `${yesterday}T10:15:00.000Z`,
      Contato_do_condutor__c: '(31) 98765-4321',
      CPF_do_condutor__c: '529.982.247-25',
      Condutor__c: 'Maria Aparecida Souza',
      Envolvimento_com_terceiros__c: 'Sim',
      Ponto_de_referencia__c: '',
      Descricao_do_ocorrido__c: 'Bati na traseira de um caminhão.',
      QualLocalSinistro__c: 'Av. Amazonas, 100',
      Veiculo_esta_se_locomovendo__c: 'Não',
      Contato_do_terceiro__c: '(31) 99999-1111',
      Boletim_realizado__c: 'Sim',
      AceiteTermosCondicoes__c: true,
      Origin: 'Web',
      Observacoes__c: 'Local do veículo: Oficina do bairro',
      Abrir_caso_de_sinistro_para__c: 'Para o meu veículo e do terceiro',
    });
    expect(row!.claim_reason).toBe('Colisão');

    const dup = await create(collision, { ...FORM, reason: 'Incêndio' }, token);
    expect(dup.statusCode).toBe(409);
    const body = dup.json();
    expect(body.mensagem).toMatch(new RegExp(`^Caso duplicado: ${created.CaseNumber} em \\d{2}/\\d{2}/\\d{4} às \\d{2}:\\d{2}$`));
    expect(JSON.parse(body.detalhes.DescricaoErroApiExterna)[0].message).toBe(body.mensagem);
    expect(body.detalhes.CaseNumber).toBe(created.CaseNumber);

    // the same Idempotency-Key replays the first answer
    const key = randomUUID();
    await closeClaim(created.CaseNumber);
    const a = await create(collision, FORM, token, key);
    const b = await create(collision, FORM, token, key);
    expect(a.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().CaseNumber).toBe(a.json().CaseNumber);
  });

  it('evidence: magic bytes, boletim PDF only, size, re-encode, resume at the first missing type, replace', async () => {
    const { collision, token } = await holder('collision');
    const created = (await create(collision, FORM, token)).json();
    const n = created.CaseNumber;
    let status = (await get(`/api/claims/cases/${n}/photo-status`, token)).json();
    expect(status).toEqual({ Status: 'todas-pendente-upload', AnoMesDia: null });
    expect((await get(`/api/claims/contracts/${collision}`, token)).json().casoAberto).toMatchObject({ CaseNumber: n, rota: 'upload' });

    // boletim: a JPEG is refused with the spec's alert, a PDF passes
    const boImg = await upload(n, 'boletim-ocorrencia', jpeg, token);
    expect(boImg.statusCode).toBe(415);
    expect(boImg.json().mensagem).toBe('Apenas arquivos PDF são permitidos para o Boletim de Ocorrência.');
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(n, 'boletim-ocorrencia', big, token);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().mensagem).toBe('O arquivo excede o limite de 5MB. Por favor, reduza o tamanho do arquivo.');
    // a renamed executable is not a photo
    const exe = await upload(n, 'cnh', Buffer.from('MZ\u0090\u0000not really a photo at all'), token);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().mensagem).toBe(CLAIM_MSG.wrongFileType);
    expect((await upload(n, 'cnh', Buffer.alloc(0), token)).statusCode).toBe(400);
    expect((await upload(n, 'nao-existe', jpeg, token)).statusCode).toBe(404);

    const first = await upload(n, 'cnh', jpeg, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ TipoFoto: { Id: 'cnh' }, Tipo: 'jpg', substituida: false, proximo: 'crlv' });
    expect(first.json().statusFotos.Status).toBe('alguma-pendente-upload');
    // re-encoded: at most 1500 px, no EXIF
    const stored = await get(`/api/claims/cases/${n}/photos/cnh`, token);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(1500);
    expect(meta.exif).toBeUndefined();
    // same type twice: replaced, not duplicated
    const again = await upload(n, 'cnh', jpeg, token);
    expect(again.json().substituida).toBe(true);
    const [count] = await rawQuery<{ c: number }>(
      t.db,
      `SELECT count(*)::int AS c FROM claim_photos p JOIN cases k ON k.id = p.case_id WHERE k.case_number = $1`,
      [n],
    );
    expect(count!.c).toBe(1);
    expect((await upload(n, 'boletim-ocorrencia', PDF, token)).json().proximo).toBe('crlv');

    // the rest: resume always names the first missing type; the optional type is not needed
    for (const type of ['crlv', 'frente', 'traseira', 'lateral-esquerda', 'lateral-direita', 'painel', 'dano-detalhe']) {
      expect((await upload(n, type, jpeg, token)).statusCode).toBe(200);
    }
    status = (await get(`/api/claims/cases/${n}/photo-status`, token)).json();
    expect(status.Status).toBe('alguma-pendente-aprovacao');
    expect(status.AnoMesDia).toMatch(/^\d{8}$/);
    expect((await get(`/api/claims/contracts/${collision}`, token)).json().casoAberto.rota).toBe('view');

    // staff rejects one: back to upload for that type only; re-sending it clears the rejection
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/dev/claims/${n}/photos/traseira/review`,
      payload: { aprovacao: false, textoReprovacao: 'Foto escura.' },
    });
    expect(review.statusCode).toBe(204);
    expect((await get(`/api/claims/cases/${n}/photo-status`, token)).json().Status).toBe('alguma-reprovada');
    const view = (await get(`/api/claims/cases/${n}`, token)).json();
    expect(view.fotos.find((f: { TipoFoto: { Id: string } }) => f.TipoFoto.Id === 'traseira').Foto).toEqual({
      Aprovacao: false,
      TextoReprovacao: 'Foto escura.',
      Tipo: 'jpg',
    });
    const resent = await upload(n, 'traseira', jpeg, token);
    expect(resent.json()).toMatchObject({ substituida: true, proximo: null });
    expect(resent.json().statusFotos.Status).toBe('alguma-pendente-aprovacao');
    await closeClaim(n);
    // a closed claim takes no more files
    expect((await upload(n, 'cnh', jpeg, token)).statusCode).toBe(409);
  });

  it('demo endpoint: phase with total loss and a comment show in the view', async () => {
    const { collision, token } = await holder('collision');
    const created = (await create(collision, FORM, token)).json();
    const n = created.CaseNumber;
    const phase = await t.app.inject({
      method: 'POST',
      url: `/api/dev/claims/${n}/phase`,
      payload: { fase: 'Regulação', qualificadoComoPT: true },
    });
    expect(phase.statusCode).toBe(204);
    await t.app.inject({ method: 'POST', url: `/api/dev/claims/${n}/comments`, payload: { texto: 'Vistoria agendada.' } });
    const view = (await get(`/api/claims/cases/${n}`, token)).json();
    expect(view.caso).toMatchObject({ Fase__c: 'Regulação', Qualificado_como_PT__c: true });
    expect(view.comentarios.at(-1).CommentBody).toBe('Vistoria agendada.');
    expect(view.historico.map((h: { phase: string }) => h.phase)).toEqual(['Aberto', 'Regulação']);
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/claims/2026-999999/comments', payload: { texto: 'x' } })).statusCode).toBe(
      404,
    );
  });

  it('claim notice PDF: owner only, carries the case number and the declaration date', async () => {
    const { collision, token } = await holder('collision');
    const other = await holder('none');
    const created = (await create(collision, FORM, token)).json();
    const n = created.CaseNumber;
    await t.app.inject({ method: 'POST', url: `/api/claims/cases/${n}/declaration`, headers: auth(token) });
    const pdf = await get(`/api/claims/cases/${n}/notice.pdf`, token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`aviso-de-sinistro-${n}.pdf`);
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    expect(text).toContain(n);
    expect((await get(`/api/claims/cases/${n}`, token)).json().caso.declaracaoAceitaEm).not.toBeNull();
    expect((await get(`/api/claims/cases/${n}/notice.pdf`, other.token)).statusCode).toBe(404);
  });

  it("IDOR: another customer's claim, photo, PDF and contract answer 404 on every route", async () => {
    const maria = await holder('both');
    const mine = await aClaim(t, { nCtrId: maria.both }, CLAIM_LIKE.collisionInDocumentation);
    // Closed, though it covered collisions.
    const closed = await aContract(t, maria.customer, {
      idPlan: 'GUARITA_ESSENCIAL',
      fee: 8990,
      status: 'Encerrado',
      start: '2023-02-05',
      end: '2024-02-05',
      items: ['roubo_furto', 'assistencia', 'colisao'],
    });
    const other = (await holder('none')).token;
    expect((await get(`/api/claims/cases/${mine}`, maria.token)).statusCode).toBe(200);
    for (const url of [
      `/api/claims/cases/${mine}`,
      `/api/claims/cases/${mine}/photo-status`,
      `/api/claims/cases/${mine}/photos/cnh`,
      `/api/claims/cases/${mine}/notice.pdf`,
    ]) {
      const res = await get(url, other);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await upload(mine, 'cnh', jpeg, other)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/claims/cases/${mine}/declaration`, headers: auth(other) })).statusCode).toBe(
      404,
    );
    expect((await get(`/api/claims/contracts/${maria.both}`, other)).statusCode).toBe(404);
    expect((await create(maria.both, FORM, other)).statusCode).toBe(404);
    expect((await get('/api/claims', other)).json().sinistros).toEqual([]);
    // a closed contract is answered like a stranger's
    expect((await get(`/api/claims/contracts/${closed.nCtrId}`, maria.token)).statusCode).toBe(404);
    // no token
    expect((await t.app.inject({ method: 'GET', url: `/api/claims/cases/${mine}` })).statusCode).toBe(401);
  });

  it("a support case's number is not a claim (404 on the claim routes), and the claim list is only claims, newest first, with plates", async () => {
    const maria = await holder('both', 'collision');
    const support = await aCase(
      t,
      { nCtrId: maria.both },
      {
        daysAgo: 12,
        request: { tipo: 'ouvidoria', telefone: '(31) 98765-4321', descricao: 'Liguei três vezes e não consegui falar com ninguém.' },
      },
    );
    const claims = [
      await aClaim(t, { nCtrId: maria.both }, CLAIM_LIKE.glassRepairAuthorised),
      await aClaim(t, { nCtrId: maria.collision }, { ...CLAIM_LIKE.collisionInDocumentation, daysAgo: 3 }),
    ];
    expect(
      (await get(`/api/cases/contracts/${maria.both}`, maria.token)).json().casos.map((c: { CaseNumber: string }) => c.CaseNumber),
    ).toEqual([support]);
    for (const url of [
      `/api/claims/cases/${support}`,
      `/api/claims/cases/${support}/photo-status`,
      `/api/claims/cases/${support}/notice.pdf`,
    ]) {
      expect((await get(url, maria.token)).statusCode, url).toBe(404);
    }
    expect((await upload(support, 'cnh', jpeg, maria.token)).statusCode).toBe(404);
    const list = (await get('/api/claims', maria.token)).json().sinistros as Array<{
      CaseNumber: string;
      CreatedDate: string;
      placa: string | null;
    }>;
    expect(list.map((c) => c.CaseNumber)).toEqual([claims[1], claims[0]]);
    expect(list.every((c) => c.placa)).toBe(true);
    expect([...list].sort((a, b) => b.CreatedDate.localeCompare(a.CreatedDate))).toEqual(list);
  });
});

describe('claims outside demo mode', () => {
  it('has no demo endpoint', async () => {
    const t = await createTestApp({ demoMode: false });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/dev/claims/2026-000001/phase', payload: { fase: 'Aberto' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  }, 180_000);
});
