import PDFDocument from 'pdfkit';
import { formatInstantWithTime, CLAIM_MSG, type ClaimCaseDto } from '@guarita/domain';

export interface ClaimNoticeData {
  brand: { name: string; supportPhone: string; supportEmail: string; address: string };
  customerName: string;
  plate: string | null;
  caso: ClaimCaseDto;
  generatedAt: Date;
}

/** '2026-11-21T18:45:00.000Z' (the CRM's local-time-as-Z convention) → '21/11/2026 às 18:45'. */
const occurrence = (v: string) => `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)} às ${v.slice(11, 16)}`;

/**
 * The claim notice ('aviso de sinistro', 002 §2.4): the case data as opened, the terms and the evidence
 * declaration with their dates. Uncompressed streams: a small document, and its text stays searchable.
 */
export function claimNoticePdf(d: ClaimNoticeData): Promise<Buffer> {
  const c = d.caso;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      compress: false,
      info: { Title: `Aviso de sinistro ${c.CaseNumber}`, Author: d.brand.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (x: Buffer) => chunks.push(x));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(16).text(`${d.brand.name} — Aviso de sinistro`);
    doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#444').text(d.brand.address).fillColor('#000');
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(12).text(`Caso nº ${c.CaseNumber}`);
    doc.font('Helvetica').fontSize(10);
    doc.text(`Associado: ${d.customerName}`);
    doc.text(`Contrato: ${c.ChaveNaturalContrato__c}${d.plate ? ` · Placa ${d.plate}` : ''}`);
    doc.text(`Aberto em: ${formatInstantWithTime(c.CreatedDate)}`);
    doc.moveDown();
    const rows: Array<[string, string]> = [
      ['Motivo', c['Sub-Reason']],
      ['Descrição do ocorrido', c.Descricao_do_ocorrido__c],
      ['Local do ocorrido', c.QualLocalSinistro__c],
      ['Ponto de referência', c.Ponto_de_referencia__c || '—'],
      ['Data e hora', occurrence(c.Data_Hora_da_ocorrencia__c)],
      ['Condutor', c.Condutor__c],
      ['CPF do condutor', c.CPF_do_condutor__c],
      ['Contato do condutor', c.Contato_do_condutor__c],
      ['Veículo está se locomovendo', c.Veiculo_esta_se_locomovendo__c],
      ['Boletim de ocorrência realizado', c.Boletim_realizado__c],
      ['Envolvimento com terceiros', c.Envolvimento_com_terceiros__c],
      ['Abrir caso de sinistro para', c.Abrir_caso_de_sinistro_para__c],
    ];
    if (c.Contato_do_terceiro__c) rows.push(['Contato do terceiro', c.Contato_do_terceiro__c]);
    if (c.Observacoes__c) rows.push(['Observações', c.Observacoes__c]);
    for (const [label, value] of rows) {
      doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    }
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Termos e declaração');
    doc.font('Helvetica').text(`Termos e condições aceitos em ${formatInstantWithTime(c.CreatedDate)}.`);
    if (c.declaracaoAceitaEm) {
      doc.moveDown(0.5).text(`“${CLAIM_MSG.declaration}”`);
      doc.text(`Declaração aceita em ${formatInstantWithTime(c.declaracaoAceitaEm)}.`);
    }
    doc.moveDown(2).fontSize(9).fillColor('#444');
    doc.text(`Atendimento: ${d.brand.supportPhone} · ${d.brand.supportEmail}`);
    doc.text(`Documento gerado em ${formatInstantWithTime(d.generatedAt)}.`);
    doc.end();
  });
}
