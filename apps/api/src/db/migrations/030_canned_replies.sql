-- Issue 30 item 16 (ADR 088): canned replies per case type, managed by admin, offered in the staff comment form.
-- `case_type` is the case's request type (cases.request_type: cancelamento, ouvidoria, …, 'sinistro' for claims) or
-- 'geral' for every case. A reply is deactivated, never deleted: the audit log's before/after keep naming it.
CREATE TABLE canned_replies (
  id          serial PRIMARY KEY,
  case_type   text NOT NULL CHECK (case_type IN ('geral', 'dados-cadastrais', 'plano', 'vencimento', 'carro-reserva',
                'rastreador', 'troca-veiculo', 'contestacao', 'cancelamento', 'ouvidoria', 'sinistro')),
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
  body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- The comment form reads a case's active replies (its type and 'geral').
CREATE INDEX canned_replies_type_idx ON canned_replies (case_type, title) WHERE active;

INSERT INTO canned_replies (case_type, title, body) VALUES
  ('geral', 'Recebemos sua solicitação',
   'Olá, {nome}! Recebemos sua solicitação (protocolo {protocolo}) e ela já está com a nossa equipe. Responderemos por aqui assim que tivermos novidades.'),
  ('geral', 'Pedido de informação',
   'Olá, {nome}! Para continuar o atendimento do protocolo {protocolo}, precisamos de mais algumas informações. Pode responder a este comentário?'),
  ('geral', 'Caso concluído',
   'Olá, {nome}! O atendimento do protocolo {protocolo} foi concluído. Se precisar de algo mais, é só abrir uma nova solicitação no app.'),
  ('cancelamento', 'Proposta de retenção',
   'Olá, {nome}! Antes de concluir o cancelamento do contrato {contrato}, gostaríamos de oferecer condições especiais para você continuar protegido. Podemos ligar para conversar?'),
  ('cancelamento', 'Cancelamento em andamento',
   'Olá, {nome}! Seu pedido de cancelamento do contrato {contrato} está em andamento (protocolo {protocolo}). Avisaremos por aqui quando for concluído.'),
  ('contestacao', 'Contestação em análise',
   'Olá, {nome}! Recebemos sua contestação (protocolo {protocolo}) e o documento enviado. A análise leva até 5 dias úteis.'),
  ('ouvidoria', 'Ouvidoria: recebido',
   'Olá, {nome}! A Ouvidoria recebeu sua manifestação (protocolo {protocolo}) e responderá em até 10 dias úteis.'),
  ('dados-cadastrais', 'Documento ilegível',
   'Olá, {nome}! Não conseguimos ler o documento enviado no protocolo {protocolo}. Pode enviar uma nova foto, com boa iluminação e sem cortes?'),
  ('rastreador', 'Agendamento do técnico',
   'Olá, {nome}! Para verificar o rastreador do contrato {contrato}, vamos agendar a visita de um técnico. Qual o melhor dia e período para você?'),
  ('carro-reserva', 'Carro reserva liberado',
   'Olá, {nome}! O carro reserva do protocolo {protocolo} foi liberado. Em breve enviaremos o endereço da locadora e o horário da retirada.'),
  ('sinistro', 'Fotos recebidas',
   'Olá, {nome}! Recebemos as fotos do sinistro {protocolo} e elas estão em análise. Avisaremos por aqui se precisarmos de algo mais.'),
  ('sinistro', 'Reparo autorizado',
   'Olá, {nome}! O reparo do sinistro {protocolo} foi autorizado. A oficina entrará em contato para agendar a entrada do veículo.');
