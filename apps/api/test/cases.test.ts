import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseListSince, SUPPORT_MSG, visibleCases, type ContractId } from '@guarita/domain';
import { rawQuery } from '../src/db/db';
import { CASE_LIKE, aBill, aCase, aContract, aLoggedInCustomer, type Customer } from './factories';
import { createTestApp, fileOf, formBody, listFiles, type TestApp } from './helpers';

/**
 * Support cases (issue 9): each request type, idempotency, duplicates, attachments by magic bytes, IDOR, quota. Each
 * test makes its own customer and contracts (factories.ts, ADR 070).
 */

const TEL = '(31) 98765-4321';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');
const EXE = (() => {
  const b = Buffer.alloc(256);
  b.write('MZ', 0);
  b.writeUInt32LE(128, 0x3c);
  b.write('PE\0\0', 128);
  return b;
})();

describe('support cases', () => {
  let t: TestApp;
  let uploads: string;

  beforeAll(async () => {
    uploads = mkdtempSync(path.join(tmpdir(), 'guarita-uploads-'));
    t = await createTestApp({ env: { UPLOADS_DIR: uploads, UPLOAD_QUOTA_MB: '1' } });
  }, 180_000); // fresh database + seed: slow on a loaded shared machine
  afterAll(async () => {
    await t?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  const send = (c: Customer, body: unknown, nCtrId = c.contract.nCtrId, key: string = randomUUID()) =>
    c.call('POST', `/api/cases/contracts/${nCtrId}`, body, { 'idempotency-key': key });
  const sendFiles = async (c: Customer, dados: unknown, files: Array<{ data: Buffer; filename: string; type?: string }>) => {
    const form = new FormData();
    form.append('dados', JSON.stringify(dados));
    for (const f of files) form.append('arquivos', ...fileOf(f.data, f.filename, f.type));
    const body = await formBody(form);
    return t.app.inject({
      method: 'POST',
      url: `/api/cases/contracts/${c.contract.nCtrId}`,
      headers: { authorization: `Bearer ${c.token}`, 'idempotency-key': randomUUID(), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const count = async (sql: string, params: unknown[] = []) => Number((await rawQuery<{ n: number }>(t.db, sql, params))[0]!.n);
  const casesOf = (c: Customer) => count('SELECT count(*)::int AS n FROM cases WHERE customer_id = $1', [c.id]);
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
  /** A customer with a second, active contract that has no tracker (an annual plan without the tracking service). */
  const noTrackerContract = (c: Customer) =>
    aContract(t, c, {
      idPlan: 'GUARITA_ESSENCIAL_ANUAL_MG',
      planName: 'Guarita Essencial Anual',
      tracker: false,
      items: ['roubo_furto', 'assistencia', 'colisao'],
    });

  it('cancellation: exactly one case with the payload of 001 §3 and a support_sent event', async () => {
    const c = await aLoggedInCustomer(t);
    const res = await send(c, { tipo: 'cancelamento', telefone: TEL, motivo: 'Preço', detalhe: 'Ficou caro para mim.' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ Reason: 'SAC', Subject: 'Cancelamento', Status: 'New', Fase__c: 'Aberto', anexos: 0 });
    expect(body.CaseNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(await casesOf(c)).toBe(1);
    const [row] = await caseRow(body.Id);
    expect(row).toMatchObject({
      description: 'Ficou caro para mim.',
      contact_phone: '31987654321',
      details: { Qual_o_motivo_da_solicitacao__c: 'Preço', ChaveNaturalContrato__c: String(c.contract.nCtrId) },
    });
    const events = await rawQuery<{ properties: Record<string, unknown> }>(
      t.db,
      `SELECT properties FROM analytics_events WHERE name = 'support_sent' AND customer_id = $1`,
      [c.id],
    );
    expect(events.map((e) => e.properties)).toEqual([{ reason: 'SAC', subject: 'Cancelamento', contract_id: c.contract.nCtrId }]);
  });

  it('tracker support: one case, reason Suporte; refused on a contract without a tracker', async () => {
    const c = await aLoggedInCustomer(t);
    const res = await send(c, { tipo: 'rastreador', telefone: TEL, caso: 'Furto ou Roubo', descricao: 'Fui roubado ontem.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ Reason: 'Suporte', Subject: 'Suporte Rastreador' });
    expect((await caseRow(res.json().Id))[0]!.details).toMatchObject({ Qual_o_motivo_da_solicitacao__c: 'Furto ou Roubo' });
    const without = await noTrackerContract(c);
    const noTracker = await send(c, { tipo: 'rastreador', telefone: TEL, caso: 'Perda', descricao: 'x' }, without.nCtrId);
    expect(noTracker.statusCode).toBe(422);
    expect(noTracker.json()).toMatchObject({ erro: 'NO_TRACKER', mensagem: 'Este contrato não possui rastreador.' });
    expect(await casesOf(c)).toBe(1);
  });

  it('validation answers the spec message and stores nothing', async () => {
    const c = await aLoggedInCustomer(t);
    const res = await send(c, { tipo: 'cancelamento', telefone: '(31) 3333-4444', motivo: 'x', detalhe: 'y' });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensagem).toBe('Número de celular inválido');
    expect((await send(c, { tipo: 'rastreador', telefone: TEL, caso: '', descricao: 'x' })).json().mensagem).toBe('Selecione um caso');
    const unknown = await send(c, { tipo: 'x', telefone: TEL });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().mensagem).toBe('Selecione uma área');
    expect(await casesOf(c)).toBe(0);
  });

  it('an Idempotency-Key is required and a retried submit never creates a second case', async () => {
    const c = await aLoggedInCustomer(t);
    const body = { tipo: 'ouvidoria', telefone: TEL, descricao: 'Atendimento demorado.' };
    const noKey = await c.call('POST', `/api/cases/contracts/${c.contract.nCtrId}`, body);
    expect(noKey.statusCode).toBe(400);
    const key = randomUUID();
    const first = await send(c, body, undefined, key);
    const again = await send(c, body, undefined, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().CaseNumber).toBe(first.json().CaseNumber);
    expect(await casesOf(c)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM analytics_events WHERE name = 'support_sent' AND customer_id = $1`, [c.id])).toBe(1);
    const reused = await send(c, { ...body, descricao: 'Outro texto.' }, undefined, key);
    expect(reused.statusCode).toBe(422);
    expect(await casesOf(c)).toBe(1);
  });

  it('duplicate rule: the same reason on the same contract while one is open → 409 with DescricaoErroApiExterna', async () => {
    const c = await aLoggedInCustomer(t);
    const other = await aContract(t, c);
    const body = { tipo: 'cancelamento', telefone: TEL, motivo: 'Mudança', detalhe: 'Vou mudar de país.' };
    const first = await send(c, body);
    expect(first.statusCode).toBe(201);
    const dup = await send(c, body);
    expect(dup.statusCode).toBe(409);
    const err = dup.json();
    expect(err.erro).toBe('DUPLICATE_CASE');
    expect(err.mensagem).toMatch(new RegExp(`^Caso duplicado: ${first.json().CaseNumber} em \\d{2}/\\d{2}/\\d{4} às \\d{2}:\\d{2}$`));
    expect(JSON.parse(err.detalhes.DescricaoErroApiExterna)[0].message).toBe(err.mensagem);
    // another contract of the same customer is not a duplicate; a closed case frees the reason
    expect((await send(c, body, other.nCtrId)).statusCode).toBe(201);
    await closeCase(first.json().Id);
    const again = await send(c, body);
    expect(again.statusCode).toBe(201);
    // contestations and ombudsman may have several open cases
    const o = { tipo: 'ouvidoria', telefone: TEL, descricao: 'Segunda manifestação.' };
    expect((await send(c, o)).statusCode).toBe(201);
    expect((await send(c, o)).statusCode).toBe(201);
    expect(await casesOf(c)).toBe(5);
  });

  it('contestation with a real PDF: one case with its attachment, downloadable only by the owner', async () => {
    const c = await aLoggedInCustomer(t);
    const stranger = await aLoggedInCustomer(t);
    const res = await sendFiles(c, { tipo: 'contestacao', telefone: TEL, descricao: 'Cobrança em dobro.' }, [
      { data: PDF, filename: 'fatura.pdf' },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ Reason: 'Contestação', anexos: 1 });
    const detail = await c.call('GET', `/api/cases/${res.json().Id}`);
    expect(detail.statusCode).toBe(200);
    const [att] = detail.json().anexos;
    expect(att).toMatchObject({ tipoDocumento: 'ocorrido', contentType: 'application/pdf', tamanho: PDF.length });
    const dl = await c.call('GET', `/api/cases/${res.json().Id}/attachments/${att.Id}`);
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
    expect((await stranger.call('GET', `/api/cases/${res.json().Id}`)).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/cases/${res.json().Id}/comments`)).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/cases/${res.json().Id}/attachments/${att.Id}`)).statusCode).toBe(404);
  });

  it('contestation needs its file; files are judged by magic bytes, not by name', async () => {
    const c = await aLoggedInCustomer(t);
    const dados = { tipo: 'contestacao', telefone: TEL, descricao: 'Cobrança indevida.' };
    const filesBefore = listFiles(uploads).length;
    const noFile = await send(c, dados);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().mensagem).toBe(SUPPORT_MSG.pdfOrJpg);
    const fakeJpg = await sendFiles(c, { ...dados, tipo: 'ouvidoria' }, [{ data: PDF, filename: 'foto.jpg', type: 'image/jpeg' }]);
    expect(fakeJpg.statusCode).toBe(201); // a PDF named .jpg is a PDF, which ouvidoria accepts…
    expect(fakeJpg.json().anexos).toBe(1);
    const [att] = (await c.call('GET', `/api/cases/${fakeJpg.json().Id}`)).json().anexos;
    expect(att.contentType).toBe('application/pdf'); // …and is stored as what it really is
    const exe = await sendFiles(c, dados, [{ data: EXE, filename: 'fatura.pdf', type: 'application/pdf' }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().mensagem).toBe('Selecione um arquivo PDF ou JPG!');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const pngAsJpg = await sendFiles(c, dados, [{ data: png, filename: 'fatura.jpg', type: 'image/jpeg' }]);
    expect(pngAsJpg.statusCode).toBe(415); // contestation takes pdf or jpg only
    const empty = await sendFiles(c, dados, [{ data: Buffer.alloc(0), filename: 'vazio.pdf' }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().mensagem).toBe(SUPPORT_MSG.emptyFile);
    const big = await sendFiles(c, dados, [{ data: Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]), filename: 'grande.pdf' }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().mensagem).toBe('O arquivo excede o limite de 5MB. Por favor, reduza o tamanho do arquivo.');
    // nothing of the refused ones was kept: one case (the ombudsman above) and one file more
    expect(await casesOf(c)).toBe(1);
    expect(listFiles(uploads).length).toBe(filesBefore + 1);
  });

  it('a PNG with GPS EXIF is stored re-encoded without any metadata', async () => {
    const c = await aLoggedInCustomer(t);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .png()
      .withExif({ IFD0: { Make: 'CameraDeTeste' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '19/1 55/1 0/1' } })
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const res = await sendFiles(c, { tipo: 'dados-cadastrais', telefone: TEL, alteracoes: ['Alteração de documentos'], documento: 'CNH' }, [
      { data: png, filename: 'cnh.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(201);
    const [att] = (await c.call('GET', `/api/cases/${res.json().Id}`)).json().anexos;
    expect(att).toMatchObject({ tipoDocumento: 'rg-cnh-frente', contentType: 'image/png' });
    const stored = (await c.call('GET', `/api/cases/${res.json().Id}/attachments/${att.Id}`)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('CameraDeTeste'))).toBe(false);
    const [row] = await caseRow(res.json().Id);
    expect(row!.reason).toBe('Alteração de Dados Cadastrais');
    expect(JSON.parse(String(row!.details.JSON_Retorno_Soon__c))).toMatchObject({
      description: 'Alteração de dados cadastrais: Alteração de documentos (CNH).',
    });
  });

  it('registration change of address: the JSON_Retorno_Soon__c payload; a document change needs its file', async () => {
    const c = await aLoggedInCustomer(t);
    const noDoc = await send(c, { tipo: 'dados-cadastrais', telefone: TEL, alteracoes: ['Alteração de documentos'], documento: 'CRLV' });
    expect(noDoc.statusCode).toBe(400);
    const res = await send(c, {
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
    expect(await casesOf(c)).toBe(1);
  });

  it('the files of one request are listed in the order they were sent, to the customer and to staff', async () => {
    const c = await aLoggedInCustomer(t);
    // Five PDFs told apart by their size (bytes after %%EOF change nothing a reader shows; PDFs are not re-encoded).
    const files = [40, 10, 50, 20, 30].map((pad, i) => ({ data: Buffer.concat([PDF, Buffer.alloc(pad, 0x0a)]), filename: `doc-${i}.pdf` }));
    const res = await sendFiles(
      c,
      { tipo: 'dados-cadastrais', telefone: TEL, alteracoes: ['Alteração de documentos'], documento: 'CRLV' },
      files,
    );
    expect(res.statusCode, res.body).toBe(201);
    const sizes = (await c.call('GET', `/api/cases/${res.json().Id}`)).json().anexos.map((a: { tamanho: number }) => a.tamanho);
    expect(sizes).toEqual(files.map((f) => f.data.length));
  });

  it('per-customer storage quota: an upload past it is refused and leaves no row and no file', async () => {
    const c = await aLoggedInCustomer(t);
    // 1 MB quota in this app; noisy JPEGs that stay ~400 KB or more once the server has re-encoded them
    const noisy = async () =>
      sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();
    const dados = { tipo: 'ouvidoria', telefone: '(11) 99876-5432', descricao: 'Anexo grande.' };
    // The quota is passed within the 5 ombudsman requests a customer may open a day (issue 23 item 12).
    let refused = null;
    for (let i = 0; i < 5 && !refused; i++) {
      const res = await sendFiles(c, dados, [{ data: await noisy(), filename: `f${i}.jpg` }]);
      if (res.statusCode !== 201) refused = res;
    }
    expect(refused?.statusCode).toBe(413);
    expect(refused?.json().mensagem).toBe(SUPPORT_MSG.quotaExceeded);
    const used = await count(
      'SELECT COALESCE(SUM(size_bytes),0)::int AS n FROM case_attachments a JOIN cases c ON c.id = a.case_id WHERE c.customer_id = $1',
      [c.id],
    );
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThanOrEqual(1024 * 1024);
    const stored = listFiles(uploads).reduce((sum, f) => sum + statSync(f).size, 0);
    expect(stored).toBe(await count('SELECT COALESCE(SUM(size_bytes),0)::int AS n FROM case_attachments'));
  }, 120_000); // several image re-encodes: slow on a loaded shared machine

  it("'Minhas solicitações': last 3 months, sorted Aberto first, unread staff updates; SAC comments", async () => {
    // The cases a person trying the demo sees, made on a contract of the test's own (the seed's shapes, ADR 070).
    const c = await aLoggedInCustomer(t);
    const ombudsman = await aCase(t, c.contract, CASE_LIKE.ombudsmanInAnalysis);
    for (const like of [CASE_LIKE.contestationConcluded, CASE_LIKE.trackerConcluded, CASE_LIKE.ombudsmanTooOld])
      await aCase(t, c.contract, like);
    const opened = await send(c, { tipo: 'cancelamento', telefone: TEL, motivo: 'Preço', detalhe: 'Ficou caro.' });
    expect(opened.statusCode).toBe(201);
    const list = `/api/cases/contracts/${c.contract.nCtrId}`;
    const res = await c.call('GET', list);
    expect(res.statusCode).toBe(200);
    const casos: Array<{ Id: string; CaseNumber: string; Fase__c: string; naoLido: boolean; Subject: string }> = res.json().casos;
    // Aberto first, then the ones in progress, the concluded last; the 150-day-old case is not listed.
    expect(casos.map((x) => [x.Subject, x.Fase__c])).toEqual([
      ['Cancelamento', 'Aberto'],
      ['Ouvidoria', 'Análise'],
      ['Suporte Rastreador', 'Concluído'],
      ['Contestação de Fatura', 'Concluído'],
    ]);
    expect(await casesOf(c)).toBe(5);
    // the ombudsman case has a staff comment newer than the customer's last visit
    const sac = casos[1]!;
    expect(sac.CaseNumber).toBe(ombudsman);
    expect(sac.naoLido).toBe(true);
    const comments = await c.call('GET', `/api/cases/${sac.Id}/comments`);
    expect(comments.statusCode).toBe(200);
    expect(comments.json().comentarios.map((x: { CommentBody: string }) => x.CommentBody)).toEqual([
      'Recebemos sua manifestação e ela foi encaminhada à Ouvidoria.',
      'Pedimos desculpas pela demora no atendimento. Um especialista vai ligar para você.',
    ]);
    const after = (await c.call('GET', list)).json().casos.find((x: { Id: string }) => x.Id === sac.Id);
    expect(after.naoLido).toBe(false);
    const detail = (await c.call('GET', `/api/cases/${sac.Id}`)).json();
    expect(detail.eventos.map((e: { tipo: string; para: string | null }) => `${e.tipo}:${e.para ?? ''}`)).toEqual([
      'created:Aberto',
      'phase:Análise',
      'comment:',
      'comment:',
    ]);
  });

  it('the 3-month window read in SQL lists exactly what filtering every case of the contract lists', async () => {
    const c = await aLoggedInCustomer(t);
    const nCtrId = c.contract.nCtrId;
    // a case created just before the window and one just inside it, to pin the boundary
    const now = new Date();
    const since = caseListSince(now);
    const ids: string[] = [];
    for (const offset of [-1, 0]) {
      const created = (await send(c, { tipo: 'ouvidoria', telefone: TEL, descricao: `Limite ${offset}.` })).json();
      await rawQuery(t.db, 'UPDATE cases SET created_at = $1 WHERE id = $2', [new Date(since.getTime() + offset), created.Id]);
      ids.push(created.Id);
    }
    await send(c, { tipo: 'cancelamento', telefone: TEL, motivo: 'Preço', detalhe: 'Agora.' });
    const all = await t.app.caseSystem.listByContract(c.id, nCtrId);
    const listed = (await t.app.cases.list(c.id, nCtrId as ContractId, now)).casos;
    expect(listed).toEqual(visibleCases(all, now));
    expect(all).toHaveLength(3);
    expect(listed.map((x) => x.Id)).not.toContain(ids[0]);
    expect(listed.map((x) => x.Id)).toContain(ids[1]);
    expect(listed).toHaveLength(2);
  });

  it('IDOR: every route answers 404 for another customer, for a closed contract (create) and for unknown ids', async () => {
    const c = await aLoggedInCustomer(t);
    const stranger = await aLoggedInCustomer(t);
    const closed = await aContract(t, c, { status: 'Encerrado', end: '2024-02-05' });
    await aBill(t, closed, { status: 'P' });
    const body = { tipo: 'ouvidoria', telefone: TEL, descricao: 'x' };
    const own = await send(c, body);
    expect(own.statusCode).toBe(201);
    expect((await send(stranger, body, c.contract.nCtrId)).statusCode).toBe(404);
    expect((await send(c, body, closed.nCtrId)).statusCode).toBe(404); // the customer's own Encerrado contract
    expect((await stranger.call('GET', `/api/cases/contracts/${c.contract.nCtrId}`)).statusCode).toBe(404);
    expect((await c.call('GET', '/api/cases/contracts/999999')).statusCode).toBe(404);
    expect((await c.call('GET', `/api/cases/${randomUUID()}`)).statusCode).toBe(404);
    expect((await c.call('GET', `/api/cases/${randomUUID()}/comments`)).statusCode).toBe(404);
    expect((await c.call('GET', `/api/cases/${randomUUID()}/attachments/${randomUUID()}`)).statusCode).toBe(404);
    expect((await c.call('GET', '/api/cases/not-a-uuid')).statusCode).toBe(400);
    expect((await stranger.call('GET', `/api/cases/${own.json().Id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/cases/${own.json().Id}` })).statusCode).toBe(401);
    expect(await casesOf(c)).toBe(1);
  });
});
