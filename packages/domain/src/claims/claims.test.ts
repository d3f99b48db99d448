import { describe, expect, it } from 'vitest';
import {
  buildClaimPayload,
  CLAIM_MSG,
  CLAIM_PHASES,
  claimCoverage,
  claimFormComplete,
  claimPayloadError,
  claimReasonOptions,
  claimTimeline,
  clampClaimDateTime,
  descriptionCounter,
  documentChip,
  EMPTY_CLAIM_FORM,
  evidenceContentTypes,
  evidenceFileError,
  firstMissingType,
  fitWithin,
  formatStepDate,
  latestComments,
  makeClaimFormSchema,
  parseDuplicateMessage,
  pendingTypes,
  photoStatus,
  rejectedTypes,
  routeForPhotoStatus,
  timelineSections,
  type ClaimFormValues,
  type PhotoRecord,
  type PhotoType,
} from '../index';
import { duplicateCaseMessage } from '../cases';

// 2026-11-22 14:30 in São Paulo (UTC−3)
const NOW = new Date('2026-11-22T17:30:00Z');
const schema = makeClaimFormSchema(() => NOW);

const valid: ClaimFormValues = {
  ...EMPTY_CLAIM_FORM,
  reason: 'Colisão',
  description: '  Bati   na traseira\n de um carro  ',
  location: 'Av. Afonso Pena, 1000',
  referencePoint: 'Em frente ao parque',
  date: '2026-11-21',
  time: '18:45',
  driver: 'José Antônio da Conceição',
  driverCPF: '529.982.247-25',
  driverContact: '(31) 98765-4321',
  isVehicleMoving: 'Sim',
  incidentReportCarriedOut: 'Sim',
  involvementWithThirdParties: 'Não',
};

const errors = (v: Partial<ClaimFormValues>) =>
  Object.fromEntries((schema.safeParse({ ...valid, ...v }).error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('claim form rules (002 §5.1)', () => {
  it('accepts a complete form', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(claimFormComplete(valid)).toBe(true);
  });

  it('an empty form reports every required field with its message, including the driver-contact slip', () => {
    const r = schema.safeParse(EMPTY_CLAIM_FORM);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(byField).toEqual({
      reason: 'Selecione o motivo do caso',
      description: 'Insira uma descrição',
      location: 'Insira o local do ocorrido',
      date: 'Insira a data',
      time: 'Insira o Horário',
      driver: 'Insira o nome do condutor',
      driverCPF: 'Insira o CPF do condutor',
      driverContact: 'Insira o CPF do condutor',
      isVehicleMoving: 'Selecione se o veículo está se locomovendo',
      incidentReportCarriedOut: 'Selecione se o boletim de ocorrência foi realizado',
      involvementWithThirdParties: 'Selecione se houve envolvimento com terceiros',
    });
    expect(claimFormComplete(EMPTY_CLAIM_FORM)).toBe(false);
  });

  it('reason must be one of the four claim reasons', () => {
    expect(errors({ reason: 'Furto' }).reason).toBe(CLAIM_MSG.reason);
    for (const reason of ['Colisão', 'Vidros', 'Danos da natureza', 'Incêndio']) expect(errors({ reason })).toEqual({});
  });

  it('description: non-blank, at most 255, with its counter', () => {
    expect(errors({ description: '   ' }).description).toBe('Insira uma descrição');
    expect(errors({ description: 'x'.repeat(255) })).toEqual({});
    expect(errors({ description: 'x'.repeat(256) }).description).toBe('O texto pode ter no máximo 255 caracteres.');
    expect(descriptionCounter('abc')).toBe('3/255 caracteres');
  });

  it('location required, at most 200; reference point optional but not blank when given', () => {
    expect(errors({ location: ' ' }).location).toBe('Insira o local do ocorrido');
    expect(errors({ location: 'x'.repeat(201) }).location).toBe('O texto pode ter no máximo 200 caracteres.');
    expect(errors({ referencePoint: '' })).toEqual({});
    expect(errors({ referencePoint: '   ' }).referencePoint).toBe('Insira um ponto de referência');
    expect(errors({ referencePoint: 'x'.repeat(201) }).referencePoint).toBe('O texto pode ter no máximo 200 caracteres.');
  });

  it('date and time cannot be in the future (São Paulo clock)', () => {
    expect(errors({ date: '2026-11-23' }).date).toBe('Insira a data');
    expect(errors({ date: '2026-11-22', time: '14:30' })).toEqual({});
    expect(errors({ date: '2026-11-22', time: '14:31' }).time).toBe('Insira o Horário');
    expect(errors({ date: '2026-11-21', time: '23:59' })).toEqual({});
    expect(errors({ date: '22/11/2026' }).date).toBe('Insira a data');
    expect(errors({ time: '25:00' }).time).toBe('Insira o Horário');
  });

  it('a future date resets to today; a later time today resets to now', () => {
    expect(clampClaimDateTime('2026-12-01', '10:00', NOW)).toEqual({ date: '2026-11-22', time: '10:00' });
    expect(clampClaimDateTime('2026-12-01', '20:00', NOW)).toEqual({ date: '2026-11-22', time: '14:30' });
    expect(clampClaimDateTime('2026-11-22', '16:00', NOW)).toEqual({ date: '2026-11-22', time: '14:30' });
    expect(clampClaimDateTime('2026-11-20', '23:00', NOW)).toEqual({ date: '2026-11-20', time: '23:00' });
    expect(clampClaimDateTime('', '', NOW)).toEqual({ date: '', time: '' });
    // 00:30 UTC is still the previous evening in São Paulo
    expect(clampClaimDateTime('2026-11-23', '22:00', new Date('2026-11-23T00:30:00Z'))).toEqual({ date: '2026-11-22', time: '21:30' });
  });

  it('driver: letters with accents and spaces, at least 3 after trimming, at most 200', () => {
    expect(errors({ driver: '   ' }).driver).toBe('Insira o nome do condutor');
    expect(errors({ driver: ' Jo ' }).driver).toBe('Informe um nome válido');
    expect(errors({ driver: 'Ana' })).toEqual({});
    expect(errors({ driver: 'João Ávila Müller' })).toEqual({});
    expect(errors({ driver: 'R2D2 Silva' }).driver).toBe('Informe um nome válido');
    expect(errors({ driver: 'Ana-Maria' }).driver).toBe('Informe um nome válido');
    expect(errors({ driver: 'a'.repeat(201) }).driver).toBe('O texto pode ter no máximo 200 caracteres.');
  });

  it('driver CPF and contact: masked values with enough digits', () => {
    expect(errors({ driverCPF: '529.982.247' }).driverCPF).toBe('Insira o CPF do condutor');
    expect(errors({ driverCPF: '52998224725' })).toEqual({});
    expect(errors({ driverContact: '(31) 9876' }).driverContact).toBe('Insira o CPF do condutor');
    expect(errors({ driverContact: '(31) 3333-4444' })).toEqual({});
  });

  it('vehicle location is required only when the vehicle is not moving', () => {
    expect(errors({ isVehicleMoving: 'Não' }).currentVehicleLocation).toBe('Campo obrigatório quando o veículo não está se locomovendo');
    expect(errors({ isVehicleMoving: 'Não', currentVehicleLocation: '  ' }).currentVehicleLocation).toBe(
      'Campo obrigatório quando o veículo não está se locomovendo',
    );
    expect(errors({ isVehicleMoving: 'Não', currentVehicleLocation: 'Pátio do guincho' })).toEqual({});
    expect(claimFormComplete({ ...valid, isVehicleMoving: 'Não' })).toBe(false);
  });

  it('open protocol only with involvement; third-party phone only when both Sim, 11 digits with a 9', () => {
    expect(errors({ involvementWithThirdParties: 'Sim' }).isOpenProtocolToThirdParties).toBe('Campo obrigatório');
    expect(errors({ involvementWithThirdParties: 'Sim', isOpenProtocolToThirdParties: 'Não' })).toEqual({});
    const both = { involvementWithThirdParties: 'Sim', isOpenProtocolToThirdParties: 'Sim' };
    expect(errors(both).thirdPartyContact).toBe('Campo obrigatório');
    expect(errors({ ...both, thirdPartyContact: '(31) 3333-4444' }).thirdPartyContact).toBe(
      'Insira um telefone válido com um 9 na frente (celular com DDD)',
    );
    // 11 digits but no 9 after the area code
    expect(errors({ ...both, thirdPartyContact: '(31) 88765-4321' }).thirdPartyContact).toBe(
      'Insira um telefone válido com um 9 na frente (celular com DDD)',
    );
    expect(errors({ ...both, thirdPartyContact: '(31) 98765-4321' })).toEqual({});
    expect(claimFormComplete({ ...valid, ...both })).toBe(false);
    expect(claimFormComplete({ ...valid, ...both, thirdPartyContact: '(31) 98765-4321' })).toBe(true);
    // a stale protocol answer does not matter once involvement is Não
    expect(errors({ involvementWithThirdParties: 'Não', isOpenProtocolToThirdParties: 'x' })).toEqual({});
  });

  it('refuses control characters', () => {
    expect(errors({ location: 'a\u0000b' }).location).toBe('O texto contém caracteres inválidos.');
    expect(errors({ description: 'linha 1\u0007' }).description).toBe('O texto contém caracteres inválidos.');
  });
});

describe('case-creation payload (002 §3)', () => {
  it('collision: exact shape, whitespace collapsed, only my vehicle, no vehicle note', () => {
    expect(buildClaimPayload(valid, 100101)).toEqual({
      Reason: 'Colisão',
      ChaveNaturalContrato__c: '100101',
      Data_Hora_da_ocorrencia__c: '2026-11-21T18:45:00.000Z',
      Contato_do_condutor__c: '(31) 98765-4321',
      CPF_do_condutor__c: '529.982.247-25',
      Condutor__c: 'José Antônio da Conceição',
      Envolvimento_com_terceiros__c: 'Não',
      Ponto_de_referencia__c: 'Em frente ao parque',
      Descricao_do_ocorrido__c: 'Bati na traseira de um carro',
      QualLocalSinistro__c: 'Av. Afonso Pena, 1000',
      Veiculo_esta_se_locomovendo__c: 'Sim',
      Contato_do_terceiro__c: '',
      Boletim_realizado__c: 'Sim',
      AceiteTermosCondicoes__c: true,
      Origin: 'Web',
      Observacoes__c: '',
      Abrir_caso_de_sinistro_para__c: 'Apenas para meu veículo',
    });
  });

  it('Vidros adds Status New and Fase__c Aberto; natural damage and fire are Colisão', () => {
    expect(buildClaimPayload({ ...valid, reason: 'Vidros' }, 1)).toMatchObject({ Reason: 'Vidros', Status: 'New', Fase__c: 'Aberto' });
    const fire = buildClaimPayload({ ...valid, reason: 'Incêndio' }, 1);
    expect(fire.Reason).toBe('Colisão');
    expect(fire).not.toHaveProperty('Status');
    expect(buildClaimPayload({ ...valid, reason: 'Danos da natureza' }, 1).Reason).toBe('Colisão');
  });

  it('vehicle location note, both vehicles and the third-party contact', () => {
    const p = buildClaimPayload(
      {
        ...valid,
        isVehicleMoving: 'Não',
        currentVehicleLocation: '  Oficina   do Zé ',
        involvementWithThirdParties: 'Sim',
        isOpenProtocolToThirdParties: 'Sim',
        thirdPartyContact: '(31) 99999-0000',
      },
      100101,
    );
    expect(p.Observacoes__c).toBe('Local do veículo: Oficina do Zé');
    expect(p.Abrir_caso_de_sinistro_para__c).toBe('Para o meu veículo e do terceiro');
    expect(p.Contato_do_terceiro__c).toBe('(31) 99999-0000');
  });

  it('involvement without protocol: only my vehicle, no third-party contact even if typed earlier', () => {
    const p = buildClaimPayload(
      { ...valid, involvementWithThirdParties: 'Sim', isOpenProtocolToThirdParties: 'Não', thirdPartyContact: '(31) 99999-0000' },
      1,
    );
    expect(p.Contato_do_terceiro__c).toBe('');
    expect(p.Abrir_caso_de_sinistro_para__c).toBe('Apenas para meu veículo');
    // a location typed while 'Não' was chosen is dropped once the vehicle is moving
    expect(buildClaimPayload({ ...valid, currentVehicleLocation: 'x' }, 1).Observacoes__c).toBe('');
  });

  it("lists missing fields as 'Campos obrigatórios faltando: ...'", () => {
    expect(claimPayloadError(buildClaimPayload(valid, 1))).toBeNull();
    expect(claimPayloadError(buildClaimPayload({ ...valid, referencePoint: '' }, 1))).toBeNull();
    expect(claimPayloadError({ ...buildClaimPayload(valid, 1), Condutor__c: '', QualLocalSinistro__c: ' ' })).toBe(
      'Campos obrigatórios faltando: Condutor__c, QualLocalSinistro__c',
    );
    expect(claimPayloadError({})).toBe(
      'Campos obrigatórios faltando: Reason, ChaveNaturalContrato__c, Data_Hora_da_ocorrencia__c, Contato_do_condutor__c, CPF_do_condutor__c, Condutor__c, Envolvimento_com_terceiros__c, Ponto_de_referencia__c, Descricao_do_ocorrido__c, QualLocalSinistro__c, Veiculo_esta_se_locomovendo__c, Boletim_realizado__c, Origin',
    );
    expect(claimPayloadError(buildClaimPayload({ ...valid, time: '' }, 1))).toBe(
      'Campos obrigatórios faltando: Data_Hora_da_ocorrencia__c',
    );
  });
});

describe('coverage gate (002 §6)', () => {
  const item = (kind: string) => ({ kind });
  it('both, collision only, glass only, neither', () => {
    const both = claimCoverage([item('roubo_furto'), item('colisao'), item('vidros')]);
    expect(claimReasonOptions(both)).toEqual(['Colisão', 'Vidros', 'Danos da natureza', 'Incêndio']);
    expect(claimReasonOptions(claimCoverage([item('colisao')]))).toEqual(['Colisão', 'Danos da natureza', 'Incêndio']);
    expect(claimReasonOptions(claimCoverage([item('vidros'), item('rastreador')]))).toEqual(['Vidros']);
    expect(claimReasonOptions(claimCoverage([item('roubo_furto'), item('assistencia')]))).toEqual([]);
    expect(claimReasonOptions(claimCoverage([]))).toEqual([]);
  });
});

describe('phase → timeline (002 §4.1–§4.3)', () => {
  const titles = (r: ReturnType<typeof claimTimeline>) => (r.ok ? r.steps.map((s) => `${s.title}:${s.state}`) : r.error);
  const COLLISION_CURRENT: Record<string, string> = {
    Aberto: 'Abertura',
    Documentação: 'Documentação',
    Análise: 'Análise',
    'Pré-Análise': 'Análise',
    Sindicância: 'Análise',
    'Pré-Sindicância': 'Análise',
    Direcionamento: 'Direcionamento',
    Regulação: 'Regulação',
    'Comunicação Cliente': 'Participação Obrigatória',
    Acompanhamento: 'Veículo em Reparo',
    Pagamento: 'Veículo em Reparo',
    'Monitorar Pagamento': 'Veículo em Reparo',
    'Aguardando Financeiro': 'Aguardando Financeiro',
    Finalização: 'Finalização',
    Indenização: 'Indenização',
  };
  const GLASS_CURRENT: Record<string, string> = {
    Aberto: 'Abertura',
    Documentação: 'Documentação',
    'Em Espera': 'Documentação',
    Reembolso: 'Documentação',
    Análise: 'Análise',
    Regulação: 'Regulação',
    'Contato Jurídico': 'Contato Jurídico',
    Acompanhamento: 'Reparo Autorizado',
    'Reparo Autorizado': 'Reparo Autorizado',
    'Monitorar Pagamento': 'Veículo em Reparo',
    'Aguardando Financeiro': 'Aguardando Financeiro',
    Confirmação: 'Finalização',
    Concluido: 'Finalização',
    Finalização: 'Finalização',
  };

  it('every valid phase: collision current step, or the unknown-phase alert', () => {
    for (const phase of CLAIM_PHASES) {
      const r = claimTimeline({ reason: 'Colisão', phase });
      if (COLLISION_CURRENT[phase]) {
        expect(r.ok, phase).toBe(true);
        if (!r.ok) continue;
        const current = r.steps.filter((s) => s.state === 'current');
        expect(
          current.map((s) => s.title),
          phase,
        ).toEqual([COLLISION_CURRENT[phase]]);
        const i = r.steps.findIndex((s) => s.state === 'current');
        expect(r.steps.slice(0, i).every((s) => s.state === 'completed')).toBe(true);
        expect(r.steps.slice(i + 1).every((s) => s.state === 'future')).toBe(true);
        expect(r.completed).toBe(i);
      } else {
        expect(r, phase).toEqual({ ok: false, error: `Etapa não encontrada! Status: ${phase}` });
      }
    }
  });

  it('every valid phase: glass current step, earlier steps not completed', () => {
    for (const phase of CLAIM_PHASES) {
      const r = claimTimeline({ reason: 'Vidros', phase });
      if (GLASS_CURRENT[phase]) {
        expect(r.ok, phase).toBe(true);
        if (!r.ok) continue;
        const i = r.steps.findIndex((s) => s.state === 'current');
        expect(r.steps[i]!.title, phase).toBe(GLASS_CURRENT[phase]);
        expect(r.steps.slice(0, i).every((s) => s.state === 'earlier')).toBe(true);
        expect(r.steps.slice(i + 1).every((s) => s.state === 'future')).toBe(true);
        expect(r.completed).toBe(0);
      } else {
        expect(r.ok, phase).toBe(false);
      }
    }
  });

  it('collision timeline in Documentação, with step dates from the phase history', () => {
    const r = claimTimeline({
      reason: 'Colisão',
      phase: 'Documentação',
      history: [
        { phase: 'Aberto', at: '2026-11-02T13:00:00.000Z' },
        { phase: 'Documentação', at: '2026-11-05T02:00:00.000Z' },
      ],
    });
    expect(titles(r)).toEqual([
      'Abertura:completed',
      'Documentação:current',
      'Análise:future',
      'Direcionamento:future',
      'Regulação:future',
      'Participação Obrigatória:future',
      'Veículo em Reparo:future',
      'Aguardando Financeiro:future',
      'Finalização:future',
    ]);
    expect(r.ok && r.steps.map((s) => s.date && formatStepDate(s.date))).toEqual([
      '02 de Nov. 2026',
      '04 de Nov. 2026',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('total loss: Regulação + Qualificado_como_PT__c → Indenização current, then Finalização', () => {
    const r = claimTimeline({ reason: 'Colisão', phase: 'Regulação', qualifiedTotalLoss: true });
    expect(titles(r)).toEqual([
      'Abertura:completed',
      'Documentação:completed',
      'Análise:completed',
      'Direcionamento:completed',
      'Regulação:completed',
      'Indenização:current',
      'Finalização:future',
    ]);
    expect(r.ok && r.kind).toBe('total-loss');
    expect(r.ok && r.steps[5]!.text).toBe('Seu caso foi encaminhado para a equipe de indenização...');
    // PT flag outside Regulação changes nothing
    expect(claimTimeline({ reason: 'Colisão', phase: 'Documentação', qualifiedTotalLoss: true }).ok && 'collision').toBe('collision');
    // a glass case never becomes total loss
    expect(claimTimeline({ reason: 'Vidros', phase: 'Regulação', qualifiedTotalLoss: true }).ok && 'glass').toBe('glass');
  });

  it('a closed case shows its last step completed', () => {
    const r = claimTimeline({ reason: 'Colisão', phase: 'Finalização', closed: true });
    expect(r.ok && r.completed).toBe(9);
    expect(CLAIM_MSG.completedSteps(9)).toBe('9 etapas concluídas');
    expect(CLAIM_MSG.completedSteps(1)).toBe('1 etapa concluída');
  });

  it("the 'Etapas' list keeps the timeline's order: only the completed steps it starts with fold away", () => {
    const names = (x: { title: string }[]) => x.map((st) => st.title);
    const collision = claimTimeline({ reason: 'Colisão', phase: 'Análise' });
    if (!collision.ok) throw new Error('collision');
    expect(names(timelineSections(collision.steps).folded)).toEqual(['Abertura', 'Documentação']);
    expect(names(timelineSections(collision.steps).shown)[0]).toBe('Análise');
    // A concluded glass case (Alfa Log's 2026-000011): Finalização completed, the steps before it only 'earlier'.
    const glass = claimTimeline({ reason: 'Vidros', phase: 'Concluido', closed: true });
    if (!glass.ok) throw new Error('glass');
    const { folded, shown } = timelineSections(glass.steps);
    expect(folded).toEqual([]);
    expect(names(shown)).toEqual(names(glass.steps));
    expect(shown[0]!.title).toBe('Abertura');
    expect(shown.at(-1)).toMatchObject({ title: 'Finalização', state: 'completed' });
    // A closed collision case folds every step.
    const closed = claimTimeline({ reason: 'Colisão', phase: 'Finalização', closed: true });
    if (!closed.ok) throw new Error('closed');
    expect(timelineSections(closed.steps).folded).toHaveLength(9);
    expect(timelineSections(closed.steps).shown).toEqual([]);
  });

  it('an unknown phase gives the alert text', () => {
    expect(claimTimeline({ reason: 'Colisão', phase: 'Xyz' })).toEqual({ ok: false, error: 'Etapa não encontrada! Status: Xyz' });
  });

  it("dates as 'dd de Mon. yyyy' in São Paulo, every month", () => {
    const months = ['Jan.', 'Fev.', 'Mar.', 'Abr.', 'Mai.', 'Jun.', 'Jul.', 'Ago.', 'Set.', 'Out.', 'Nov.', 'Dez.'];
    months.forEach((m, i) => expect(formatStepDate(`2026-${String(i + 1).padStart(2, '0')}-15T12:00:00Z`)).toBe(`15 de ${m} 2026`));
    expect(formatStepDate('2027-01-01T02:00:00Z')).toBe('31 de Dez. 2026');
    expect(formatStepDate('nope')).toBe('');
  });

  it('the carousel shows the last 3 comments, newest first', () => {
    const c = (d: string) => ({ CreatedDate: `2026-11-${d}T10:00:00Z`, CommentBody: d });
    expect(latestComments([c('01'), c('04'), c('02'), c('03')]).map((x) => x.CommentBody)).toEqual(['04', '03', '02']);
    expect(latestComments([c('01')])).toHaveLength(1);
  });
});

describe('photos: status, routing, resume, chips (002 §4.4, §4.5)', () => {
  const types: PhotoType[] = [
    { Id: 'cnh', Titulo: 'CNH', Obrigatorio: true },
    { Id: 'frente', Titulo: 'Frente', Obrigatorio: true },
    { Id: 'boletim-ocorrencia', Titulo: 'Boletim', Obrigatorio: true },
    { Id: 'extra', Titulo: 'Extra', Obrigatorio: false },
  ];
  const rec = (Id: string, Aprovacao: boolean | null = null, TextoReprovacao: string | null = null): PhotoRecord => ({
    TipoFoto: { Id },
    Foto: { Aprovacao, TextoReprovacao, Tipo: 'jpg' },
  });

  it('computes every status and routes it', () => {
    expect(photoStatus(types, [])).toBe('todas-pendente-upload');
    expect(photoStatus(types, [rec('extra')])).toBe('todas-pendente-upload');
    expect(photoStatus(types, [rec('cnh')])).toBe('alguma-pendente-upload');
    expect(photoStatus(types, [rec('cnh', false), rec('frente')])).toBe('alguma-reprovada');
    expect(photoStatus(types, [rec('cnh', true), rec('frente'), rec('boletim-ocorrencia', true)])).toBe('alguma-pendente-aprovacao');
    expect(photoStatus(types, [rec('cnh', true), rec('frente', true), rec('boletim-ocorrencia', true)])).toBe('todas-aprovadas');
    expect(routeForPhotoStatus('todas-pendente-upload')).toBe('upload');
    expect(routeForPhotoStatus('alguma-pendente-upload')).toBe('upload');
    expect(routeForPhotoStatus('alguma-reprovada')).toBe('upload');
    expect(routeForPhotoStatus('alguma-pendente-aprovacao')).toBe('view');
    expect(routeForPhotoStatus('todas-aprovadas')).toBe('view');
    expect(routeForPhotoStatus('qualquer')).toBe('view');
  });

  it('resumes at the first missing required type; re-sends only rejected ones', () => {
    expect(firstMissingType(types, [])?.Id).toBe('cnh');
    expect(firstMissingType(types, [rec('cnh')])?.Id).toBe('frente');
    expect(firstMissingType(types, [rec('cnh'), rec('frente'), rec('boletim-ocorrencia')])).toBeNull();
    const recs = [rec('cnh', true), rec('frente', false, 'Foto desfocada'), rec('boletim-ocorrencia')];
    expect(rejectedTypes(types, recs).map((t) => t.Id)).toEqual(['frente']);
    expect(pendingTypes(types, recs).map((t) => t.Id)).toEqual(['frente']);
  });

  it('document chips', () => {
    expect(documentChip(undefined)).toBe('Em análise');
    expect(documentChip(null)).toBe('Em análise');
    expect(documentChip(true)).toBe('Aprovada');
    expect(documentChip(false)).toBe('Reprovado');
  });
});

describe('evidence files (002 §5.2)', () => {
  const f = (name: string, type: string, size = 1000) => ({ name, type, size });
  it('boletim: PDF only, up to 5 MB', () => {
    expect(evidenceFileError('boletim-ocorrencia', f('bo.jpg', 'image/jpeg'))).toBe(
      'Apenas arquivos PDF são permitidos para o Boletim de Ocorrência.',
    );
    expect(evidenceFileError('boletim-ocorrencia', f('bo.pdf', 'application/pdf', 5 * 1024 * 1024))).toBeNull();
    expect(evidenceFileError('boletim-ocorrencia', f('bo.pdf', 'application/pdf', 5 * 1024 * 1024 + 1))).toBe(
      'O arquivo excede o limite de 5MB. Por favor, reduza o tamanho do arquivo.',
    );
  });
  it('photos: jpg, jpeg, png, webp, pdf; no file → select a file', () => {
    for (const [n, t] of [
      ['a.jpg', 'image/jpeg'],
      ['a.jpeg', ''],
      ['a.png', 'image/png'],
      ['a.webp', 'image/webp'],
      ['a.pdf', 'application/pdf'],
    ] as const)
      expect(evidenceFileError('frente', f(n, t, 20_000_000 * (t === 'application/pdf' ? 0 : 1) + 10))).toBeNull();
    expect(evidenceFileError('frente', f('a.gif', 'image/gif'))).toBe(
      'Este tipo de arquivo não é aceito. Envie uma foto (JPG, PNG ou WEBP) ou um PDF.',
    );
    expect(evidenceFileError('frente', null)).toBe('Por favor, selecione um arquivo para upload');
  });
  it('by the first bytes too, when read: a renamed file is refused before sending, with the type named', () => {
    expect(evidenceFileError('frente', f('a.jpg', 'image/jpeg'), 'image/png')).toBeNull();
    expect(evidenceFileError('frente', f('a.jpg', 'image/jpeg'), null)).toBe(CLAIM_MSG.wrongFileType);
    expect(evidenceFileError('boletim-ocorrencia', f('bo.pdf', 'application/pdf'), 'image/jpeg')).toBe(CLAIM_MSG.boletimPdfOnly);
    expect(evidenceFileError('boletim-ocorrencia', f('bo.pdf', 'application/pdf'), 'application/pdf')).toBeNull();
    expect(evidenceContentTypes('boletim-ocorrencia')).toEqual(['application/pdf']);
    expect(evidenceContentTypes('frente')).toEqual(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
  });
  it('images fit within 1500 px, never enlarged', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1500, height: 1125 });
    expect(fitWithin(1000, 3000)).toEqual({ width: 500, height: 1500 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe('duplicate message', () => {
  it("parses 'Caso duplicado: {n} em dd/mm/yyyy às hh:mm' (the one the case system writes)", () => {
    expect(parseDuplicateMessage(duplicateCaseMessage('2026-000042', '2026-11-22T17:05:00Z'))).toEqual({
      caseNumber: '2026-000042',
      date: '22/11/2026',
      time: '14:05',
    });
    expect(parseDuplicateMessage('Erro: Caso duplicado: 00012345 em 01/02/2026 às 09:30.')).toEqual({
      caseNumber: '00012345',
      date: '01/02/2026',
      time: '09:30',
    });
    expect(parseDuplicateMessage('Outro erro')).toBeNull();
    expect(parseDuplicateMessage(undefined)).toBeNull();
  });
});
