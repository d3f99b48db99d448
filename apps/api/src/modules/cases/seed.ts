import { buildCasePayload, supportRequestSchema, type SupportRequestInput } from '@guarita/domain';
import type { Executor } from '../../db/db';
import { BuiltInCaseSystem } from './built-in-case-system';

export interface SeedCase {
  nCtrId: number;
  daysAgo: number;
  request: SupportRequestInput;
  /** Phase changes by staff, in order, each `daysAgo` (must be ≤ the case's). */
  phases?: Array<{ phase: string; daysAgo: number }>;
  comments?: Array<{ body: string; daysAgo: number; author?: 'staff' | 'customer' }>;
  closedDaysAgo?: number;
}

const TEL = '(31) 98765-4321';

/** Demo cases: several reasons and phases, a SAC case with comments (one unread), one too old to be listed. */
export const DEMO_CASES: SeedCase[] = [
  {
    nCtrId: 100101,
    daysAgo: 12,
    request: { tipo: 'ouvidoria', telefone: TEL, descricao: 'Liguei três vezes para a central e não consegui falar com ninguém.' },
    phases: [{ phase: 'Análise', daysAgo: 11 }],
    comments: [
      { body: 'Recebemos sua manifestação e ela foi encaminhada à Ouvidoria.', daysAgo: 11 },
      { body: 'Pedimos desculpas pela demora no atendimento. Um especialista vai ligar para você.', daysAgo: 2 },
    ],
  },
  {
    nCtrId: 100101,
    daysAgo: 40,
    request: {
      tipo: 'contestacao',
      telefone: TEL,
      descricao: 'A fatura veio com valor maior que o contratado.',
      tipoContestacao: 'valor-divergente',
    },
    phases: [
      { phase: 'Análise', daysAgo: 38 },
      { phase: 'Concluído', daysAgo: 30 },
    ],
    comments: [{ body: 'A diferença foi estornada na fatura seguinte.', daysAgo: 30 }],
    closedDaysAgo: 30,
  },
  {
    nCtrId: 100101,
    daysAgo: 20,
    request: { tipo: 'rastreador', telefone: TEL, caso: 'Defeito', descricao: 'O rastreador parou de enviar a posição.' },
    phases: [
      { phase: 'Agendamento', daysAgo: 18 },
      { phase: 'Concluído', daysAgo: 15 },
    ],
    closedDaysAgo: 15,
  },
  {
    nCtrId: 100101,
    daysAgo: 150, // older than 3 months: not listed
    request: { tipo: 'ouvidoria', telefone: TEL, descricao: 'Reclamação antiga.' },
    closedDaysAgo: 140,
  },
  {
    nCtrId: 100104,
    daysAgo: 3,
    request: {
      tipo: 'dados-cadastrais',
      telefone: TEL,
      alteracoes: ['E-mail'],
      novoEmail: 'maria.souza@exemplo.com.br',
    },
  },
  {
    nCtrId: 200201,
    daysAgo: 6,
    request: {
      tipo: 'cancelamento',
      telefone: '(11) 99876-5432',
      motivo: 'Vendi o veículo',
      detalhe: 'Vendi o carro e não preciso mais da proteção.',
    },
    phases: [{ phase: 'Retenção', daysAgo: 5 }],
    comments: [{ body: 'Entraremos em contato para confirmar o cancelamento.', daysAgo: 5 }],
  },
  {
    // Spare car demo (issue 12): a spare car after a theft 10 days ago blocks another for 30 days.
    nCtrId: 600603,
    daysAgo: 10,
    request: { tipo: 'carro-reserva', telefone: '(31) 99123-4567', motivo: 'Furto', transporte: 'reembolso_transporte' },
    phases: [{ phase: 'Concluído', daysAgo: 8 }],
    closedDaysAgo: 8,
  },
];

const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** Adds the demo cases (called by the demo seed inside its transaction, after customers and contracts). */
export async function seedCases(tx: Executor): Promise<void> {
  for (const s of DEMO_CASES) await insertCase(tx, s);
}

/** Adds one case as the case system would have it (the demo seed, and the e2e factory of ADR 071); answers its id. */
export async function insertCase(tx: Executor, s: SeedCase): Promise<string | null> {
  const system = new BuiltInCaseSystem(tx);
  const owner = await tx.selectFrom('contracts').select('customer_id').where('n_ctr_id', '=', s.nCtrId).executeTakeFirst();
  if (!owner) return null;
  const request = supportRequestSchema.parse(s.request);
  const created = await system.create({
    nCtrId: s.nCtrId,
    customerId: owner.customer_id,
    requestType: request.tipo,
    payload: buildCasePayload(request, s.nCtrId),
    attachments: [],
  });
  const at = new Date(ago(s.daysAgo));
  await tx.updateTable('cases').set({ created_at: at, updated_at: at }).where('id', '=', created.Id).execute();
  await tx.updateTable('case_events').set({ created_at: at }).where('case_id', '=', created.Id).execute();
  for (const p of s.phases ?? []) await system.changePhase(created.Id, p.phase, 'staff', ago(p.daysAgo));
  for (const c of s.comments ?? []) await system.addComment(created.Id, c.body, c.author ?? 'staff', ago(c.daysAgo));
  if (s.closedDaysAgo !== undefined) await system.close(created.Id, 'staff', ago(s.closedDaysAgo));
  // The customer has seen everything up to 3 days ago: later staff updates show as unread.
  await tx
    .updateTable('cases')
    .set({ customer_seen_at: new Date(ago(3)) })
    .where('id', '=', created.Id)
    .execute();
  return created.Id;
}
