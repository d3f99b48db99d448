import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseListSince, SUPPORT_MSG, visibleCases, type ContractId } from '@guarita/domain';
import { rawQuery } from '../src/db/db';
import { CNPJ_HORIZONTE, CPF_JOAO, CPF_MARIA, createTestApp, fileOf, formBody, type TestApp } from './helpers';

/** Support cases (issue 9): each request type, idempotency, duplicates, attachments by magic bytes, IDOR, quota. */

const TEL = '(31) 98765-4321';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');
const EXE = (() => {
  const b = Buffer.alloc(256);
  b.write('MZ', 0);
  b.writeUInt32LE(128, 0x3c);
  b.write('PE\0\0', 128);
  return b;
})();

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath, d.name));
  } catch {
    return [];
  }
}

describe('support cases', () => {
  let t: TestApp;
  let uploads: string;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    uploads = mkdtempSync(path.join(tmpdir(), 'guarita-uploads-'));
    t = await createTestApp({ env: { UPLOADS_DIR: uploads, UPLOAD_QUOTA_MB: '1' } });
    for (const doc of [CPF_MARIA, CPF_JOAO, CNPJ_HORIZONTE]) token[doc] = (await t.login(doc)).AccessToken;
  }, 180_000); // fresh database + seed: slow on a loaded shared machine
  afterAll(async () => {
    await t?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  const auth = (who: string) => ({ authorization: `Bearer ${token[who]}` });
  const send = (nCtrId: number, body: unknown, who = CPF_MARIA, key: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/cases/contracts/${nCtrId}`,
      headers: { ...auth(who), 'idempotency-key': key },
      payload: body as object,
    });
  const sendFiles = async (
    nCtrId: number,
    dados: unknown,
    files: Array<{ data: Buffer; filename: string; type?: string }>,
    who = CPF_MARIA,
    key = randomUUID(),
  ) => {
    const form = new FormData();
    form.append('dados', JSON.stringify(dados));
    for (const f of files) form.append('arquivos', ...fileOf(f.data, f.filename, f.type));
    const body = await formBody(form);
    return t.app.inject({
      method: 'POST',
      url: `/api/cases/contracts/${nCtrId}`,
      headers: { ...auth(who), 'idempotency-key': key, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const get = (url: string, who = CPF_MARIA) => t.app.inject({ method: 'GET', url, headers: auth(who) });
  const count = async (sql: string, params: unknown[] = []) => Number((await rawQuery<{ n: number }>(t.db, sql, params))[0]!.n);
  const caseRow = (id: string) =>
    rawQuery<{
      reason: string;
      subject: string;
      description: string;
      details: Record<string, unknown>;
      contact_phone: string;
      status: string;
    }>(t.db, 'SELECT reason, subject, description, details, contact_phone, status FROM cases WHERE id = $1', [id]);
  const closeCase = (id: string) => t.app.caseSystem.close(id, 'staff');

  it('cancellation: exactly one case with the payload of 001 §3 and a support_sent event', async () => {
    const before = await count('SELECT count(*)::int AS n FROM cases');
    const res = await send(100101, { tipo: 'cancelamento', telefone: TEL, motivo: 'Preço', detalhe: 'Ficou caro para mim.' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ Reason: 'SAC', Subject: 'Cancelamento', Status: 'New', Fase__c: 'Aberto', anexos: 0 });
    expect(body.CaseNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(await count('SELECT count(*)::int AS n FROM cases')).toBe(before + 1);
    const [row] = await caseRow(body.Id);
    expect(row).toMatchObject({
      description: 'Ficou caro para mim.',
      contact_phone: '31987654321',
      details: { Qual_o_motivo_da_solicitacao__c: 'Preço', ChaveNaturalContrato__c: '100101' },
    });
    const [ev] = await rawQuery<{ properties: Record<string, unknown> }>(
      t.db,
      `SELECT properties FROM analytics_events WHERE name = 'support_sent' ORDER BY id DESC LIMIT 1`,
    );
    expect(ev!.properties).toEqual({ reason: 'SAC', subject: 'Cancelamento', contract_id: 100101 });
    await closeCase(body.Id);
  });

  it('tracker support: one case, reason Suporte; refused on a contract without a tracker', async () => {
    const res = await send(100101, { tipo: 'rastreador', telefone: TEL, caso: 'Furto ou Roubo', descricao: 'Fui roubado ontem.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ Reason: 'Suporte', Subject: 'Suporte Rastreador' });
    expect((await caseRow(res.json().Id))[0]!.details).toMatchObject({ Qual_o_motivo_da_solicitacao__c: 'Furto ou Roubo' });
    const noTracker = await send(100104, { tipo: 'rastreador', telefone: TEL, caso: 'Perda', descricao: 'x' });
    expect(noTracker.statusCode).toBe(422);
    await closeCase(res.json().Id);
  });

  it('validation answers the spec message and stores nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM cases');
    const res = await send(100101, { tipo: 'cancelamento', telefone: '(31) 3333-4444', motivo: 'x', detalhe: 'y' });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensagem).toBe('Número de celular inválido');
    expect((await send(100101, { tipo: 'rastreador', telefone: TEL, caso: '', descricao: 'x' })).json().mensagem).toBe('Selecione um caso');
    const unknown = await send(100101, { tipo: 'x', telefone: TEL });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().mensagem).toBe('Selecione uma área');
    expect(await count('SELECT count(*)::int AS n FROM cases')).toBe(before);
  });

  it('an Idempotency-Key is required and a retried submit never creates a second case', async () => {
    const body = { tipo: 'ouvidoria', telefone: TEL, descricao: 'Atendimento demorado.' };
    const noKey = await t.app.inject({ method: 'POST', url: '/api/cases/contracts/100101', headers: auth(CPF_MARIA), payload: body });
    expect(noKey.statusCode).toBe(400);
    const key = randomUUID();
    const before = await count('SELECT count(*)::int AS n FROM cases');
    const first = await send(100101, body, CPF_MARIA, key);
    const again = await send(100101, body, CPF_MARIA, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().CaseNumber).toBe(first.json().CaseNumber);
    expect(await count('SELECT count(*)::int AS n FROM cases')).toBe(before + 1);
    expect(await count(`SELECT count(*)::int AS n FROM analytics_events WHERE name = 'support_sent'`)).toBeGreaterThan(0);
    const reused = await send(100101, { ...body, descricao: 'Outro texto.' }, CPF_MARIA, key);
    expect(reused.statusCode).toBe(422);
  });

  it('duplicate rule: the same reason on the same contract while one is open → 409 with DescricaoErroApiExterna', async () => {
    const body = { tipo: 'cancelamento', telefone: TEL, motivo: 'Mudança', detalhe: 'Vou mudar de país.' };
    const first = await send(100101, body);
    expect(first.statusCode).toBe(201);
    const dup = await send(100101, body);
    expect(dup.statusCode).toBe(409);
    const err = dup.json();
    expect(err.erro).toBe('DUPLICATE_CASE');
    expect(err.mensagem).toMatch(new RegExp(`^Caso duplicado: ${first.json().CaseNumber} em \\d{2}/\\d{2}/\\d{4} às \\d{2}:\\d{2}$`));
    expect(JSON.parse(err.detalhes.DescricaoErroApiExterna)[0].message).toBe(err.mensagem);
    // another contract of the same customer is not a duplicate; a closed case frees the reason
    expect((await send(100104, body)).statusCode).toBe(201);
    await closeCase(first.json().Id);
    const again = await send(100101, body);
    expect(again.statusCode).toBe(201);
    await closeCase(again.json().Id);
    // contestations and ombudsman may have several open cases
    const c = { tipo: 'ouvidoria', telefone: TEL, descricao: 'Segunda manifestação.' };
    expect((await send(100101, c)).statusCode).toBe(201);
    expect((await send(100101, c)).statusCode).toBe(201);
  });

  it('contestation with a real PDF: one case with its attachment, downloadable only by the owner', async () => {
    const res = await sendFiles(100101, { tipo: 'contestacao', telefone: TEL, descricao: 'Cobrança em dobro.' }, [
      { data: PDF, filename: 'fatura.pdf' },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ Reason: 'Contestação', anexos: 1 });
    const detail = await get(`/api/cases/${res.json().Id}`);
    expect(detail.statusCode).toBe(200);
    const [att] = detail.json().anexos;
    expect(att).toMatchObject({ tipoDocumento: 'ocorrido', contentType: 'application/pdf', tamanho: PDF.length });
    const dl = await get(`/api/cases/${res.json().Id}/attachments/${att.Id}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="${res.json().CaseNumber}-ocorrido.pdf"`);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    // stored under a server-generated name, never the client's
    const [row] = await rawQuery<{ storage_key: string }>(t.db, 'SELECT storage_key FROM case_attachments WHERE id = $1', [att.Id]);
    expect(row!.storage_key).toMatch(/^cases\/\d{4}\/[0-9a-f-]{36}\.pdf$/);
    expect(listFiles(uploads).some((f) => f.endsWith(row!.storage_key.split('/').pop()!))).toBe(true);
    // someone else: 404 on the case, its comments and its attachment
    expect((await get(`/api/cases/${res.json().Id}`, CPF_JOAO)).statusCode).toBe(404);
    expect((await get(`/api/cases/${res.json().Id}/comments`, CPF_JOAO)).statusCode).toBe(404);
    expect((await get(`/api/cases/${res.json().Id}/attachments/${att.Id}`, CPF_JOAO)).statusCode).toBe(404);
  });

  it('contestation needs its file; files are judged by magic bytes, not by name', async () => {
    const dados = { tipo: 'contestacao', telefone: TEL, descricao: 'Cobrança indevida.' };
    const casesBefore = await count('SELECT count(*)::int AS n FROM cases');
    const filesBefore = listFiles(uploads).length;
    const noFile = await send(100101, dados);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().mensagem).toBe(SUPPORT_MSG.pdfOrJpg);
    const fakeJpg = await sendFiles(100101, { ...dados, tipo: 'ouvidoria' }, [{ data: PDF, filename: 'foto.jpg', type: 'image/jpeg' }]);
    expect(fakeJpg.statusCode).toBe(201); // a PDF named .jpg is a PDF, which ouvidoria accepts…
    expect(fakeJpg.json().anexos).toBe(1);
    const [att] = (await get(`/api/cases/${fakeJpg.json().Id}`)).json().anexos;
    expect(att.contentType).toBe('application/pdf'); // …and is stored as what it really is
    const exe = await sendFiles(100101, dados, [{ data: EXE, filename: 'fatura.pdf', type: 'application/pdf' }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().mensagem).toBe('Selecione um arquivo PDF ou JPG!');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const pngAsJpg = await sendFiles(100101, dados, [{ data: png, filename: 'fatura.jpg', type: 'image/jpeg' }]);
    expect(pngAsJpg.statusCode).toBe(415); // contestation takes pdf or jpg only
    const empty = await sendFiles(100101, dados, [{ data: Buffer.alloc(0), filename: 'vazio.pdf' }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().mensagem).toBe(SUPPORT_MSG.emptyFile);
    const big = await sendFiles(100101, dados, [{ data: Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]), filename: 'grande.pdf' }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().mensagem).toBe('O arquivo excede o limite de 5MB. Por favor, reduza o tamanho do arquivo.');
    // nothing of the refused ones was kept: one case (the ombudsman above) and one file more
    expect(await count('SELECT count(*)::int AS n FROM cases')).toBe(casesBefore + 1);
    expect(listFiles(uploads).length).toBe(filesBefore + 1);
  });

  it('a PNG with GPS EXIF is stored re-encoded without any metadata', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .png()
      .withExif({ IFD0: { Make: 'CameraDeTeste' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '19/1 55/1 0/1' } })
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const res = await sendFiles(
      100101,
      { tipo: 'dados-cadastrais', telefone: TEL, alteracoes: ['Alteração de documentos'], documento: 'CNH' },
      [{ data: png, filename: 'cnh.png', type: 'image/png' }],
    );
    expect(res.statusCode).toBe(201);
    const [att] = (await get(`/api/cases/${res.json().Id}`)).json().anexos;
    expect(att).toMatchObject({ tipoDocumento: 'rg-cnh-frente', contentType: 'image/png' });
    const stored = (await get(`/api/cases/${res.json().Id}/attachments/${att.Id}`)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('CameraDeTeste'))).toBe(false);
    const [row] = await caseRow(res.json().Id);
    expect(row!.reason).toBe('Alteração de Dados Cadastrais');
    expect(JSON.parse(String(row!.details.JSON_Retorno_Soon__c))).toMatchObject({
      description: 'Alteração de dados cadastrais: Alteração de documentos (CNH).',
    });
    await closeCase(res.json().Id);
  });

  it('registration change of address: the JSON_Retorno_Soon__c payload; a document change needs its file', async () => {
    const noDoc = await send(100101, {
      tipo: 'dados-cadastrais',
      telefone: TEL,
      alteracoes: ['Alteração de documentos'],
      documento: 'CRLV',
    });
    expect(noDoc.statusCode).toBe(400);
    const res = await send(100101, {
      tipo: 'dados-cadastrais',
      telefone: TEL,
      alteracoes: ['Endereço', 'Telefone'],
      endereco: { cep: '30130-005', estado: 'MG', cidade: 'Belo Horizonte', bairro: 'Centro', rua: 'Avenida Afonso Pena', numero: '1500' },
      novoTelefone: '(31) 99999-0000',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await caseRow(res.json().Id);
    expect(JSON.parse(String(row!.details.JSON_Retorno_Soon__c))).toMatchObject({
      cep: '30130-005',
      estado: 'MG',
      telefone: '31999990000',
      finsComerciais: '',
    });
    await closeCase(res.json().Id);
  });

  it('per-customer storage quota: an upload past it is refused and leaves no row and no file', async () => {
    // 1 MB quota in this app; noisy JPEGs that stay ~400 KB or more once the server has re-encoded them
    const noisy = async () =>
      sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();
    const dados = { tipo: 'ouvidoria', telefone: '(11) 99876-5432', descricao: 'Anexo grande.' };
    // The quota is passed within the 5 ombudsman requests a customer may open a day (issue 23 item 12).
    let refused = null;
    for (let i = 0; i < 5 && !refused; i++) {
      const res = await sendFiles(200201, dados, [{ data: await noisy(), filename: `f${i}.jpg` }], CPF_JOAO);
      if (res.statusCode !== 201) refused = res;
    }
    expect(refused?.statusCode).toBe(413);
    expect(refused?.json().mensagem).toBe(SUPPORT_MSG.quotaExceeded);
    const used = await count(
      'SELECT COALESCE(SUM(size_bytes),0)::int AS n FROM case_attachments a JOIN cases c ON c.id = a.case_id WHERE c.n_ctr_id = 200201',
    );
    expect(used).toBeLessThanOrEqual(1024 * 1024);
    const stored = listFiles(uploads).reduce((s, f) => s + statSync(f).size, 0);
    expect(stored).toBe(await count('SELECT COALESCE(SUM(size_bytes),0)::int AS n FROM case_attachments'));
  }, 120_000); // several image re-encodes: slow on a loaded shared machine

  it("'Minhas solicitações': last 3 months, sorted Aberto first, unread staff updates; SAC comments", async () => {
    const res = await get('/api/cases/contracts/100101');
    expect(res.statusCode).toBe(200);
    const casos: Array<{ Id: string; Reason: string; Fase__c: string; Status: string; naoLido: boolean; Subject: string }> =
      res.json().casos;
    expect(casos.some((c) => c.Subject === 'Ouvidoria' && c.Fase__c === 'Análise')).toBe(true);
    const ranks = casos.map((c) => (c.Fase__c === 'Aberto' ? 0 : c.Fase__c === 'Concluído' ? 2 : 1));
    expect(ranks).toEqual([...ranks].sort());
    // the seeded ombudsman case has a staff comment newer than the customer's last visit
    const sac = casos.find((c) => c.Subject === 'Ouvidoria' && c.Fase__c === 'Análise')!;
    expect(sac.naoLido).toBe(true);
    const comments = await get(`/api/cases/${sac.Id}/comments`);
    expect(comments.statusCode).toBe(200);
    expect(comments.json().comentarios.map((c: { CommentBody: string }) => c.CommentBody)).toEqual([
      'Recebemos sua manifestação e ela foi encaminhada à Ouvidoria.',
      'Pedimos desculpas pela demora no atendimento. Um especialista vai ligar para você.',
    ]);
    const after = (await get('/api/cases/contracts/100101')).json().casos.find((c: { Id: string }) => c.Id === sac.Id);
    expect(after.naoLido).toBe(false);
    const detail = (await get(`/api/cases/${sac.Id}`)).json();
    expect(detail.eventos.map((e: { tipo: string; para: string | null }) => `${e.tipo}:${e.para ?? ''}`)).toEqual([
      'created:Aberto',
      'phase:Análise',
      'comment:',
      'comment:',
    ]);
    // the 150-day-old seeded case is not listed
    const all = await count(`SELECT count(*)::int AS n FROM cases WHERE n_ctr_id = 100101`);
    expect(casos.length).toBeLessThan(all);
  });

  it('the 3-month window read in SQL lists exactly what filtering every case of the contract lists', async () => {
    const maria = Number((await rawQuery<{ id: number }>(t.db, 'SELECT customer_id AS id FROM contracts WHERE n_ctr_id = 100101'))[0]!.id);
    // a case created just before the window and one just inside it, to pin the boundary
    const now = new Date();
    const since = caseListSince(now);
    const ids: string[] = [];
    for (const offset of [-1, 0]) {
      const created = (await send(100101, { tipo: 'ouvidoria', telefone: TEL, descricao: `Limite ${offset}.` })).json();
      await rawQuery(t.db, 'UPDATE cases SET created_at = $1 WHERE id = $2', [new Date(since.getTime() + offset), created.Id]);
      ids.push(created.Id);
    }
    const all = await t.app.caseSystem.listByContract(maria, 100101);
    const listed = (await t.app.cases.list(maria, 100101 as ContractId, now)).casos;
    expect(listed).toEqual(visibleCases(all, now));
    expect(listed.map((c) => c.Id)).not.toContain(ids[0]);
    expect(listed.map((c) => c.Id)).toContain(ids[1]);
    expect(all.length).toBeGreaterThan(listed.length);
  });

  it('IDOR: every route answers 404 for another customer, for a closed contract (create) and for unknown ids', async () => {
    const body = { tipo: 'ouvidoria', telefone: TEL, descricao: 'x' };
    expect((await send(100101, body, CPF_JOAO)).statusCode).toBe(404);
    expect((await send(100103, body)).statusCode).toBe(404); // Maria's own Encerrado contract
    expect((await get('/api/cases/contracts/100101', CPF_JOAO)).statusCode).toBe(404);
    expect((await get('/api/cases/contracts/999999')).statusCode).toBe(404);
    expect((await get(`/api/cases/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`/api/cases/${randomUUID()}/comments`)).statusCode).toBe(404);
    expect((await get(`/api/cases/${randomUUID()}/attachments/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/api/cases/not-a-uuid')).statusCode).toBe(400);
    const maria = (await get('/api/cases/contracts/100101')).json().casos[0];
    expect((await get(`/api/cases/${maria.Id}`, CNPJ_HORIZONTE)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/cases/${maria.Id}` })).statusCode).toBe(401);
  });
});
