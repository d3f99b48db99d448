import PDFDocument from 'pdfkit';
import { formatDocument, formatInstant, formatIsoDate, formatMoney } from '@guarita/domain';

export interface ContractPdfData {
  brand: { name: string; supportPhone: string; supportEmail: string; address: string };
  customer: { name: string; document: string };
  nCtrId: number;
  planName: string;
  idPlan: string;
  vehicle: string;
  validityStart: string;
  validityEnd: string | null;
  dueDay: number;
  monthlyFee: number;
  items: Array<{ name: string; price: number }>;
  coverages: string[];
  contents: string[];
}

function render(build: (doc: PDFKit.PDFDocument) => void, title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Guarita' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    build(doc);
    doc.end();
  });
}

const header = (doc: PDFKit.PDFDocument, d: ContractPdfData, title: string) => {
  doc.font('Helvetica-Bold').fontSize(16).text(`${d.brand.name} — ${title}`);
  doc.moveDown(0.5).font('Helvetica').fontSize(10).fillColor('#444').text(d.brand.address).fillColor('#000');
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11).text(`Contrato nº ${d.nCtrId}`);
  doc.font('Helvetica').text(`Associado: ${d.customer.name}`);
  doc.text(`Documento: ${formatDocument(d.customer.document)}`);
  doc.moveDown();
};

const footer = (doc: PDFKit.PDFDocument, d: ContractPdfData) => {
  doc.moveDown(2).fontSize(9).fillColor('#444');
  doc.text(`Atendimento: ${d.brand.supportPhone} · ${d.brand.supportEmail}`);
  doc.text(`Documento gerado em ${formatInstant(new Date())}.`);
};

/** The specific contract: customer, vehicle, plan, items and prices, validity, due day. */
export function specificContractPdf(d: ContractPdfData): Promise<Buffer> {
  return render((doc) => {
    header(doc, d, 'Contrato específico');
    doc.font('Helvetica-Bold').text('Veículo');
    doc.font('Helvetica').text(d.vehicle);
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Plano');
    doc.font('Helvetica').text(`${d.planName} (${d.idPlan})`);
    doc.text(
      `Vigência: ${formatIsoDate(d.validityStart)}${d.validityEnd ? ` a ${formatIsoDate(d.validityEnd)}` : ' (por prazo indeterminado)'}`,
    );
    doc.text(`Vencimento: todo dia ${d.dueDay}`);
    doc.text(`Mensalidade: ${formatMoney(d.monthlyFee)}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Itens contratados');
    doc.font('Helvetica');
    for (const i of d.items) doc.text(`• ${i.name}: ${formatMoney(i.price)}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Serviços cobertos');
    doc.font('Helvetica');
    for (const c of d.coverages) doc.text(`• ${c}`);
    footer(doc, d);
  }, `Contrato específico ${d.nCtrId}`);
}

/** The general contract: the general conditions, addressed to this customer and contract. */
export function generalContractPdf(d: ContractPdfData): Promise<Buffer> {
  return render((doc) => {
    header(doc, d, 'Condições gerais');
    const clauses = [
      `1. Objeto. Este contrato regula a proteção veicular oferecida pela ${d.brand.name} ao associado identificado acima, nos limites do plano contratado e descritos no contrato específico.`,
      '2. Vigência. A proteção vigora a partir da data de início indicada no contrato específico, renovando-se mensalmente enquanto as mensalidades estiverem em dia.',
      '3. Pagamento. A mensalidade vence no dia escolhido pelo associado. Faturas em atraso suspendem os serviços até a regularização.',
      '4. Benefícios do plano:',
    ];
    for (const c of clauses) doc.text(c, { align: 'justify' }).moveDown(0.5);
    for (const line of d.contents) doc.text(`• ${line}`);
    doc.moveDown(0.5);
    doc.text(
      '5. Alterações. Trocas de plano, de veículo e de vencimento são solicitadas pela área do cliente ou pelos canais de atendimento.',
      { align: 'justify' },
    );
    footer(doc, d);
  }, `Condições gerais ${d.nCtrId}`);
}
