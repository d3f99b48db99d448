import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MSG, EMPTY_CLAIM_FORM, saoPauloDateTime, type ClaimFormValues } from '@guarita/domain';
import { rawQuery } from '../src/db/db';
import { CNPJ_ALFA, CNPJ_HORIZONTE, CPF_JOAO, CPF_MARIA, createTestApp, type TestApp } from './helpers';

/** Claims (issue 11): coverage gate, exact payload, duplicates, evidence by magic bytes, resume/replace, IDOR, PDF, demo endpoint. */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');
const yesterday = saoPauloDateTime(new Date(Date.now() - 86_400_000)).date;

const FORM: ClaimFormValues = {
  ...EMPTY_CLAIM_FORM,
  reason: 'Colisão',
  description: 'Bati  na traseira de um caminhão.',
  location: 'Av. Amazonas, 100',
  referencePoint: '',
  date: yesterday,
  time: '10:15',
  driver: 'Maria Aparecida Souza',
  driverCPF: '529.982.247-25',
  driverContact: '(31) 98765-4321',
  isVehicleMoving: 'Não',
  currentVehicleLocation: 'Oficina do bairro',
  incidentReportCarriedOut: 'Sim',
  involvementWithThirdParties: 'Sim',
  isOpenProtocolToThirdParties: 'Sim',
  thirdPartyContact: '(31) 99999-1111',
};

describe('claims', () => {
  let t: TestApp;
  let uploads: string;
  let jpeg: Buffer;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    uploads = mkdtempSync(path.join(tmpdir(), 'guarita-claims-'));
    t = await createTestApp({ env: { UPLOADS_DIR: uploads, UPLOAD_QUOTA_MB: '5' } });
    for (const doc of [CPF_MARIA, CPF_JOAO, CNPJ_HORIZONTE, CNPJ_ALFA]) token[doc] = (await t.login(doc)).AccessToken;
    jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3366aa' } })
      .withExif({ IFD0: { Artist: 'segredo' } })
      .jpeg()
      .toBuffer();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  const auth = (who: string) => ({ authorization: `Bearer ${token[who]}` });
  const get = (url: string, who = CPF_MARIA) => t.app.inject({ method: 'GET', url, headers: auth(who) });
  const create = (nCtrId: number, body: unknown, who = CPF_MARIA, key: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/claims/contracts/${nCtrId}`,
      headers: { ...auth(who), 'idempotency-key': key },
      payload: body as object,
    });
  const upload = (caseNumber: string, type: string, data: Buffer, who = CPF_MARIA) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/claims/cases/${caseNumber}/photos/${type}`,
      headers: { ...auth(who), 'content-type': 'application/octet-stream' },
      payload: data,
    });
  const closeClaim = (caseNumber: string) =>
    t.app.inject({ method: 'POST', url: `/api/dev/claims/${caseNumber}/phase`, payload: { fase: 'Finalização', encerrar: true } });

  it('coverage gate: both, collision only, glass only, neither (entry and create)', async () => {
    const reasons = async (n: number, who: string) => (await get(`/api/claims/contracts/${n}`, who)).json().motivos;
    expect(await reasons(100101, CPF_MARIA)).toEqual(['Colisão', 'Vidros', 'Danos da natureza', 'Incêndio']);
    expect(await reasons(100104, CPF_MARIA)).toEqual(['Colisão', 'Danos da natureza', 'Incêndio']);
    expect(await reasons(400401, CNPJ_ALFA)).toEqual(['Vidros']);
    const none = await get('/api/claims/contracts/200201', CPF_JOAO);
    expect(none.json()).toMatchObject({ cobertura: { collision: false, glass: false }, motivos: [], casoAberto: null });
    const refused = await create(200201, FORM, CPF_JOAO);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().mensagem).toBe(CLAIM_MSG.noCoverageText);
    // a reason the contract does not cover
    const glassOnly = await create(400401, FORM, CNPJ_ALFA);
    expect(glassOnly.statusCode).toBe(400);
    expect(glassOnly.json().mensagem).toBe('Selecione o motivo do caso');
  });

  it('the seeded open claim routes by its photo status (rejected photo → upload)', async () => {
    const entry = (await get('/api/claims/contracts/100101')).json();
    expect(entry.casoAberto).toMatchObject({ Status: 'New', rota: 'upload' });
    const list = (await get('/api/claims')).json().sinistros;
    expect(list.map((c: { Fase__c: string }) => c.Fase__c)).toEqual(expect.arrayContaining(['Documentação', 'Reparo Autorizado']));
    const doc = list.find((c: { Fase__c: string }) => c.Fase__c === 'Documentação');
    expect(doc.statusFotos.Status).toBe('alguma-reprovada');
    const view = (await get(`/api/claims/cases/${doc.CaseNumber}`)).json();
    const rejected = view.fotos.find((f: { Foto: { Aprovacao: boolean | null } }) => f.Foto.Aprovacao === false);
    expect(rejected).toMatchObject({ TipoFoto: { Id: 'frente' }, Foto: { TextoReprovacao: 'Foto desfocada: a placa não está legível.' } });
    expect(view.comentarios).toHaveLength(3);
    expect(view.historico.map((h: { phase: string }) => h.phase)).toEqual(['Aberto', 'Documentação']);
    // total loss on Horizonte's contract
    const pt = (await get('/api/claims', CNPJ_HORIZONTE)).json().sinistros[0];
    expect(pt).toMatchObject({ Fase__c: 'Regulação', Qualificado_como_PT__c: true, rota: 'view' });
  });

  it('validation: the §5.1 message of the first broken rule; a future date is refused', async () => {
    const bad = await create(100104, { ...FORM, driver: 'R2' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().mensagem).toBe('Informe um nome válido');
    const tomorrow = saoPauloDateTime(new Date(Date.now() + 2 * 86_400_000)).date;
    expect((await create(100104, { ...FORM, date: tomorrow })).json().mensagem).toBe('Insira a data');
    expect((await create(100104, { ...FORM, thirdPartyContact: '(31) 3333-4444' })).json().mensagem).toBe(
      'Insira um telefone válido com um 9 na frente (celular com DDD)',
    );
    expect((await create(100104, {})).statusCode).toBe(400);
  });

  it('creates with the exact payload of 002 §3, then refuses a duplicate with the spec message (409)', async () => {
    const res = await create(100104, FORM);
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
      ChaveNaturalContrato__c: '100104',
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

    const dup = await create(100104, { ...FORM, reason: 'Incêndio' });
    expect(dup.statusCode).toBe(409);
    const body = dup.json();
    expect(body.mensagem).toMatch(new RegExp(`^Caso duplicado: ${created.CaseNumber} em \\d{2}/\\d{2}/\\d{4} às \\d{2}:\\d{2}$`));
    expect(JSON.parse(body.detalhes.DescricaoErroApiExterna)[0].message).toBe(body.mensagem);
    expect(body.detalhes.CaseNumber).toBe(created.CaseNumber);

    // the same Idempotency-Key replays the first answer
    const key = randomUUID();
    await closeClaim(created.CaseNumber);
    const a = await create(100104, FORM, CPF_MARIA, key);
    const b = await create(100104, FORM, CPF_MARIA, key);
    expect(a.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().CaseNumber).toBe(a.json().CaseNumber);
    await closeClaim(a.json().CaseNumber);
  });

  it('evidence: magic bytes, boletim PDF only, size, re-encode, resume at the first missing type, replace', async () => {
    const created = (await create(100104, FORM)).json();
    const n = created.CaseNumber;
    let status = (await get(`/api/claims/cases/${n}/photo-status`)).json();
    expect(status).toEqual({ Status: 'todas-pendente-upload', AnoMesDia: null });
    expect((await get('/api/claims/contracts/100104')).json().casoAberto).toMatchObject({ CaseNumber: n, rota: 'upload' });

    // boletim: a JPEG is refused with the spec's alert, a PDF passes
    const boImg = await upload(n, 'boletim-ocorrencia', jpeg);
    expect(boImg.statusCode).toBe(415);
    expect(boImg.json().mensagem).toBe('Apenas arquivos PDF são permitidos para o Boletim de Ocorrência.');
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(n, 'boletim-ocorrencia', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().mensagem).toBe('O arquivo excede o limite de 5MB. Por favor, reduza o tamanho do arquivo.');
    // a renamed executable is not a photo
    const exe = await upload(n, 'cnh', Buffer.from('MZ\u0090\u0000not really a photo at all'));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().mensagem).toBe(CLAIM_MSG.wrongFileType);
    expect((await upload(n, 'cnh', Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload(n, 'nao-existe', jpeg)).statusCode).toBe(404);

    const first = await upload(n, 'cnh', jpeg);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ TipoFoto: { Id: 'cnh' }, Tipo: 'jpg', substituida: false, proximo: 'crlv' });
    expect(first.json().statusFotos.Status).toBe('alguma-pendente-upload');
    // re-encoded: at most 1500 px, no EXIF
    const stored = await get(`/api/claims/cases/${n}/photos/cnh`);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(1500);
    expect(meta.exif).toBeUndefined();
    // same type twice: replaced, not duplicated
    const again = await upload(n, 'cnh', jpeg);
    expect(again.json().substituida).toBe(true);
    const [count] = await rawQuery<{ c: number }>(
      t.db,
      `SELECT count(*)::int AS c FROM claim_photos p JOIN cases k ON k.id = p.case_id WHERE k.case_number = $1`,
      [n],
    );
    expect(count!.c).toBe(1);
    expect((await upload(n, 'boletim-ocorrencia', PDF)).json().proximo).toBe('crlv');

    // the rest: resume always names the first missing type; the optional type is not needed
    for (const type of ['crlv', 'frente', 'traseira', 'lateral-esquerda', 'lateral-direita', 'painel', 'dano-detalhe']) {
      expect((await upload(n, type, jpeg)).statusCode).toBe(200);
    }
    status = (await get(`/api/claims/cases/${n}/photo-status`)).json();
    expect(status.Status).toBe('alguma-pendente-aprovacao');
    expect(status.AnoMesDia).toMatch(/^\d{8}$/);
    expect((await get('/api/claims/contracts/100104')).json().casoAberto.rota).toBe('view');

    // staff rejects one: back to upload for that type only; re-sending it clears the rejection
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/dev/claims/${n}/photos/traseira/review`,
      payload: { aprovacao: false, textoReprovacao: 'Foto escura.' },
    });
    expect(review.statusCode).toBe(204);
    expect((await get(`/api/claims/cases/${n}/photo-status`)).json().Status).toBe('alguma-reprovada');
    const view = (await get(`/api/claims/cases/${n}`)).json();
    expect(view.fotos.find((f: { TipoFoto: { Id: string } }) => f.TipoFoto.Id === 'traseira').Foto).toEqual({
      Aprovacao: false,
      TextoReprovacao: 'Foto escura.',
      Tipo: 'jpg',
    });
    const resent = await upload(n, 'traseira', jpeg);
    expect(resent.json()).toMatchObject({ substituida: true, proximo: null });
    expect(resent.json().statusFotos.Status).toBe('alguma-pendente-aprovacao');
    await closeClaim(n);
    // a closed claim takes no more files
    expect((await upload(n, 'cnh', jpeg)).statusCode).toBe(409);
  });

  it('demo endpoint: phase with total loss and a comment show in the view', async () => {
    const created = (await create(100104, FORM)).json();
    const n = created.CaseNumber;
    const phase = await t.app.inject({
      method: 'POST',
      url: `/api/dev/claims/${n}/phase`,
      payload: { fase: 'Regulação', qualificadoComoPT: true },
    });
    expect(phase.statusCode).toBe(204);
    await t.app.inject({ method: 'POST', url: `/api/dev/claims/${n}/comments`, payload: { texto: 'Vistoria agendada.' } });
    const view = (await get(`/api/claims/cases/${n}`)).json();
    expect(view.caso).toMatchObject({ Fase__c: 'Regulação', Qualificado_como_PT__c: true });
    expect(view.comentarios.at(-1).CommentBody).toBe('Vistoria agendada.');
    expect(view.historico.map((h: { phase: string }) => h.phase)).toEqual(['Aberto', 'Regulação']);
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/claims/2026-999999/comments', payload: { texto: 'x' } })).statusCode).toBe(
      404,
    );
    await closeClaim(n);
  });

  it('claim notice PDF: owner only, carries the case number and the declaration date', async () => {
    const created = (await create(100104, FORM)).json();
    const n = created.CaseNumber;
    await t.app.inject({ method: 'POST', url: `/api/claims/cases/${n}/declaration`, headers: auth(CPF_MARIA) });
    const pdf = await get(`/api/claims/cases/${n}/notice.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`aviso-de-sinistro-${n}.pdf`);
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    expect(text).toContain(n);
    expect((await get(`/api/claims/cases/${n}`)).json().caso.declaracaoAceitaEm).not.toBeNull();
    expect((await get(`/api/claims/cases/${n}/notice.pdf`, CPF_JOAO)).statusCode).toBe(404);
    await closeClaim(n);
  });

  it("IDOR: another customer's claim, photo, PDF and contract answer 404 on every route", async () => {
    const mine = (await get('/api/claims')).json().sinistros[0].CaseNumber as string;
    const other = CPF_JOAO;
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
    expect((await get('/api/claims/contracts/100101', other)).statusCode).toBe(404);
    expect((await create(100101, FORM, other)).statusCode).toBe(404);
    expect((await get('/api/claims', other)).json().sinistros).toEqual([]);
    // closed contract 100103 is answered like a stranger's
    expect((await get('/api/claims/contracts/100103')).statusCode).toBe(404);
    // no token
    expect((await t.app.inject({ method: 'GET', url: `/api/claims/cases/${mine}` })).statusCode).toBe(401);
  });

  it("a support case's number is not a claim (404 on the claim routes), and the claim list is only claims, newest first, with plates", async () => {
    const support = (await get('/api/cases/contracts/100101')).json().casos[0].CaseNumber as string;
    for (const url of [
      `/api/claims/cases/${support}`,
      `/api/claims/cases/${support}/photo-status`,
      `/api/claims/cases/${support}/notice.pdf`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect((await upload(support, 'cnh', jpeg)).statusCode).toBe(404);
    const list = (await get('/api/claims')).json().sinistros as Array<{ CaseNumber: string; CreatedDate: string; placa: string | null }>;
    expect(list.map((c) => c.CaseNumber)).not.toContain(support);
    expect(list.length).toBeGreaterThan(0);
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
