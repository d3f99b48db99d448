import { buildClaimPayload, EMPTY_CLAIM_FORM, type CasePayload, type ClaimFormValues } from '@guarita/domain';
import sharp from 'sharp';
import type { Clock } from '../../ports/clock';
import type { FileStorage } from '../../ports/storage';
import type { Executor } from '../../db/db';
import { COLLISION_PHOTO_TYPES, GLASS_PHOTO_TYPES } from '../../db/seed-shapes';
import { BuiltInCaseSystem } from '../cases';
import { contractsOn } from '../contracts';
import { ClaimsRepository } from './repository';
import { CLAIM_SUBJECT } from './service';

interface SeedPhoto {
  type: string;
  approved?: boolean;
  rejection?: string;
}

export interface SeedClaim {
  nCtrId: number;
  daysAgo: number;
  form: Partial<ClaimFormValues>;
  phases?: Array<{ phase: string; daysAgo: number }>;
  comments?: Array<{ body: string; daysAgo: number }>;
  photos?: SeedPhoto[];
  totalLoss?: boolean;
  closedDaysAgo?: number;
  declaration?: boolean;
}

const FORM: ClaimFormValues = {
  ...EMPTY_CLAIM_FORM,
  reason: 'Colisão',
  referencePoint: '',
  driver: 'Maria Aparecida Souza',
  driverCPF: '529.982.247-25',
  driverContact: '(31) 98765-4321',
  isVehicleMoving: 'Sim',
  incidentReportCarriedOut: 'Sim',
  involvementWithThirdParties: 'Não',
};

const all = (types: string[], extra: Record<string, Omit<SeedPhoto, 'type'>> = {}, approved?: boolean): SeedPhoto[] =>
  types.map((type) => ({ type, approved, ...extra[type] }));
const COLLISION_TYPES = COLLISION_PHOTO_TYPES;
const GLASS_TYPES = GLASS_PHOTO_TYPES;

/**
 * Demo claims (issue 11 §4): every branch of the tracking screen is visible. Contract 100104 (collision
 * only) is left without a claim so a new one can be opened; 200201 and 100102 have no claim cover (the modal).
 */
export const DEMO_CLAIMS: SeedClaim[] = [
  {
    // Collision in Documentação with one rejected photo: 'Reenviar foto(s)'.
    nCtrId: 100101,
    daysAgo: 6,
    form: {
      description: 'Um carro avançou o sinal e bateu na lateral direita do meu veículo.',
      location: 'Av. Afonso Pena, 1500 — Centro, Belo Horizonte',
      referencePoint: 'Em frente ao Parque Municipal',
      involvementWithThirdParties: 'Sim',
      isOpenProtocolToThirdParties: 'Sim',
      thirdPartyContact: '(31) 99876-1234',
    },
    phases: [{ phase: 'Documentação', daysAgo: 5 }],
    comments: [
      { body: 'Recebemos o aviso do seu sinistro. Envie as fotos e documentos pelo aplicativo.', daysAgo: 6 },
      { body: 'Documentos recebidos, em análise pela equipe de sinistros.', daysAgo: 4 },
      { body: 'A foto da frente do veículo está desfocada. Por favor, envie uma nova foto.', daysAgo: 2 },
    ],
    photos: all(COLLISION_TYPES, {
      cnh: { approved: true },
      crlv: { approved: true },
      frente: { approved: false, rejection: 'Foto desfocada: a placa não está legível.' },
    }),
    declaration: true,
  },
  {
    // Glass in Reparo Autorizado.
    nCtrId: 100101,
    daysAgo: 15,
    form: {
      reason: 'Vidros',
      description: 'Uma pedra trincou o para-brisa na rodovia.',
      location: 'BR-040, km 530, Nova Lima',
      isVehicleMoving: 'Sim',
      incidentReportCarriedOut: 'Não',
    },
    phases: [
      { phase: 'Documentação', daysAgo: 14 },
      { phase: 'Análise', daysAgo: 12 },
      { phase: 'Reparo Autorizado', daysAgo: 9 },
    ],
    comments: [
      { body: 'Fotos aprovadas. Seu caso seguiu para análise.', daysAgo: 12 },
      { body: 'Reparo autorizado! A oficina parceira Vidraçaria Central vai entrar em contato para agendar a troca.', daysAgo: 9 },
    ],
    photos: all(GLASS_TYPES, {}, true),
    declaration: true,
  },
  {
    // Total loss: Regulação + Qualificado_como_PT__c → Indenização.
    nCtrId: 300301,
    daysAgo: 30,
    form: {
      driver: 'Carlos Henrique Prado',
      driverCPF: '111.444.777-35',
      driverContact: '(11) 98888-7777',
      description: 'O veículo capotou após desviar de um animal na pista.',
      location: 'Rodovia Anhanguera, km 102, Campinas',
      isVehicleMoving: 'Não',
      currentVehicleLocation: 'Pátio da concessionária, km 104',
    },
    phases: [
      { phase: 'Documentação', daysAgo: 29 },
      { phase: 'Análise', daysAgo: 25 },
      { phase: 'Direcionamento', daysAgo: 20 },
      { phase: 'Regulação', daysAgo: 15 },
    ],
    comments: [{ body: 'Após a vistoria, o veículo foi qualificado como perda total.', daysAgo: 10 }],
    photos: all(COLLISION_TYPES, {}, true),
    totalLoss: true,
    declaration: true,
  },
  {
    // A concluded glass claim.
    nCtrId: 400401,
    daysAgo: 60,
    form: {
      reason: 'Vidros',
      driver: 'Paulo Roberto Alves',
      driverCPF: '111.444.777-35',
      driverContact: '(21) 99777-6655',
      description: 'O vidro lateral traseiro foi quebrado em tentativa de furto.',
      location: 'Rua Voluntários da Pátria, 200, Botafogo, Rio de Janeiro',
    },
    phases: [
      { phase: 'Documentação', daysAgo: 59 },
      { phase: 'Acompanhamento', daysAgo: 50 },
      { phase: 'Concluido', daysAgo: 45 },
    ],
    comments: [{ body: 'Vidro substituído. Caso concluído.', daysAgo: 45 }],
    photos: all(GLASS_TYPES, {}, true),
    closedDaysAgo: 45,
    declaration: true,
  },
  {
    // Spare car demo (issue 12): a collision in Análise blocks a spare car until it is concluded.
    nCtrId: 600604,
    daysAgo: 4,
    form: {
      driver: 'Carla Mendes Ribeiro',
      driverCPF: '283.719.465-46',
      driverContact: '(31) 99123-4567',
      description: 'Bati em um poste ao desviar de um buraco.',
      location: 'Av. Cristiano Machado, 2000, Belo Horizonte',
    },
    phases: [
      { phase: 'Documentação', daysAgo: 3 },
      { phase: 'Análise', daysAgo: 1 },
    ],
    photos: all(COLLISION_TYPES, {}, true),
    declaration: true,
  },
  {
    // Spare car and vehicle change demo (issue 12): an open collision with third parties, already past analysis.
    nCtrId: 600605,
    daysAgo: 20,
    form: {
      driver: 'Carla Mendes Ribeiro',
      driverCPF: '283.719.465-46',
      driverContact: '(31) 99123-4567',
      description: 'Outro veículo bateu na traseira do meu no semáforo.',
      location: 'Av. Amazonas, 500, Belo Horizonte',
      involvementWithThirdParties: 'Sim',
      isOpenProtocolToThirdParties: 'Sim',
      thirdPartyContact: '(31) 99876-5555',
    },
    phases: [
      { phase: 'Documentação', daysAgo: 19 },
      { phase: 'Análise', daysAgo: 15 },
      { phase: 'Reparo Autorizado', daysAgo: 10 },
    ],
    photos: all(COLLISION_TYPES, {}, true),
    declaration: true,
  },
];

/** Files of seeded photos live under this prefix; the claims plugin writes a placeholder image for each at start. */
export const SEED_PHOTO_PREFIX = 'claims/seed/';

const dateOf = (d: Date) => d.toISOString().slice(0, 10);

/** Adds the demo claims (inside the demo seed's transaction); does nothing when claims already exist. */
export async function seedClaims(tx: Executor, clock: Pick<Clock, 'now'>): Promise<void> {
  if (await tx.selectFrom('claims').select('case_id').limit(1).executeTakeFirst()) return;
  for (const [i, s] of DEMO_CLAIMS.entries()) await insertClaim(tx, s, `c${i}`, clock);
}

/**
 * Adds one claim with its phases, comments and photos (the demo seed, and the e2e factory of ADR 071); answers its
 * case id. `photoKey` names its photos' files under SEED_PHOTO_PREFIX (ensureSeedFiles writes them).
 */
export async function insertClaim(tx: Executor, s: SeedClaim, photoKey: string, clock: Pick<Clock, 'now'>): Promise<string | null> {
  // Cases through the case system port and contract owners through ContractService, as the module does (ADR 045).
  const system = new BuiltInCaseSystem(tx);
  const contracts = contractsOn(tx);
  const repo = new ClaimsRepository();
  const now = clock.now().getTime();
  const ago = (days: number) => new Date(now - days * 86_400_000);
  const customerId = await contracts.ownerOf(tx, s.nCtrId);
  if (customerId === null) return null;
  const created = ago(s.daysAgo);
  const occurred = new Date(created.getTime() - 3 * 3600_000);
  const values = { ...FORM, date: dateOf(occurred), time: '17:40', ...s.form };
  const payload = buildClaimPayload(values, s.nCtrId);
  const c = await system.create({
    nCtrId: s.nCtrId,
    customerId,
    requestType: 'sinistro',
    payload: {
      ...payload,
      Solicitante__c: 'Cliente',
      Subject: CLAIM_SUBJECT,
      Description: payload.Descricao_do_ocorrido__c,
      TelefoneContato__c: payload.Contato_do_condutor__c.replace(/\D/g, ''),
    } as unknown as CasePayload,
    attachments: [],
    createdAt: created.toISOString(),
  });
  await repo.insert(tx, {
    caseId: c.Id,
    customerId,
    nCtrId: s.nCtrId,
    kind: payload.Reason === 'Vidros' ? 'vidros' : 'colisao',
    claimReason: values.reason,
    payload,
  });
  await tx.updateTable('claims').set({ created_at: created }).where('case_id', '=', c.Id).execute();
  if (s.declaration) await repo.acceptDeclaration(tx, c.Id, new Date(created.getTime() + 600_000));
  if (s.totalLoss) await repo.setTotalLoss(tx, c.Id, true);
  for (const p of s.phases ?? []) await system.changePhase(c.Id, p.phase, 'staff', ago(p.daysAgo).toISOString());
  for (const m of s.comments ?? []) await system.addComment(c.Id, m.body, 'staff', ago(m.daysAgo).toISOString());
  for (const [j, p] of (s.photos ?? []).entries()) {
    await repo.upsertPhoto(tx, {
      caseId: c.Id,
      typeId: p.type,
      customerId,
      contentType: p.type === 'boletim-ocorrencia' ? 'application/pdf' : 'image/jpeg',
      size: 1,
      sha256: '0'.repeat(64),
      storageKey: `${SEED_PHOTO_PREFIX}${photoKey}-${j}.${p.type === 'boletim-ocorrencia' ? 'pdf' : 'jpg'}`,
      at: new Date(created.getTime() + 3600_000),
    });
    if (p.approved !== undefined) await repo.review(tx, c.Id, p.type, p.approved, p.rejection ?? null);
  }
  if (s.closedDaysAgo !== undefined) await system.close(c.Id, 'staff', ago(s.closedDaysAgo).toISOString());
  // The customer has seen everything up to 3 days ago: later staff updates show as unread.
  await system.markSeen(c.Id, ago(3).toISOString());
  return c.Id;
}

/** Writes a placeholder file for every seeded photo whose file is missing (demo mode, at start). */
export async function ensureSeedFiles(q: Executor, storage: FileStorage, makeJpeg: () => Promise<Buffer>, pdf: Buffer): Promise<void> {
  const rows = await q
    .selectFrom('claim_photos')
    .select(['storage_key', 'case_id', 'type_id'])
    .where('storage_key', 'like', `${SEED_PHOTO_PREFIX}%`)
    .execute();
  let jpeg: Buffer | null = null;
  for (const r of rows) {
    if (await storage.get(r.storage_key)) continue;
    const data = r.storage_key.endsWith('.pdf') ? pdf : (jpeg ??= await makeJpeg());
    await storage.put(r.storage_key, data, r.storage_key.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg');
    await q
      .updateTable('claim_photos')
      .set({ size_bytes: data.length })
      .where('case_id', '=', r.case_id)
      .where('type_id', '=', r.type_id)
      .execute();
  }
}

/** A one-page PDF for the seeded police reports. */
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The seeded photos' placeholder files (a grey 'Foto de demonstração' JPEG, the one-page PDF) where missing. */
export async function ensureDemoPhotoFiles(q: Executor, storage: FileStorage): Promise<void> {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="#8a94a6"/>' +
      '<text x="300" y="210" font-size="36" text-anchor="middle" fill="#fff" font-family="sans-serif">Foto de demonstração</text></svg>',
  );
  await ensureSeedFiles(q, storage, () => sharp(svg).jpeg({ quality: 70 }).toBuffer(), DEMO_PDF);
}
