import { Link } from 'react-router';
import { usePublicConfig } from '../../../api/get-public-config';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { GUARANTEE_LIMIT } from '../links';
import { paths } from '../../../lib/paths';

// Reference text written for the product. Legal review before publication.

/** /termos-de-uso */
export function TermsPage() {
  const cfg = usePublicConfig().data;
  const brand = cfg?.brandName ?? 'Guarita';

  const sections: LegalSection[] = [
    {
      id: 'aceite',
      title: 'Aceite dos termos',
      body: (
        <p>
          Estes Termos de Uso regulam o acesso ao site, à Área do Cliente e ao aplicativo da {brand}. Ao usá-los, você declara que leu e
          concorda com estes termos e com a <Link to={paths.privacy}>Política de Privacidade</Link>. Se não concordar, não utilize os
          serviços.
        </p>
      ),
    },
    {
      id: 'servicos',
      title: 'Os serviços',
      body: (
        <>
          <p>
            A {brand} oferece proteção veicular por assinatura, com garantia contra roubo e furto (até {GUARANTEE_LIMIT} ou 100% da tabela
            FIPE, conforme o plano), rastreamento, assistência 24h e, conforme o plano, coberturas para colisão e vidros.
          </p>
          <p>
            As condições completas de cada serviço — coberturas, limites, carências e exclusões — estão no contrato e no regulamento do
            plano contratado, que prevalecem sobre estes termos em caso de conflito.
          </p>
        </>
      ),
    },
    {
      id: 'cadastro',
      title: 'Cadastro e acesso à Área do Cliente',
      body: (
        <ul>
          <li>O acesso é feito com CPF ou CNPJ e um código de validação de uso único, enviado por SMS ou e-mail.</li>
          <li>Você é responsável por manter seus dados de contato atualizados e por não compartilhar os códigos recebidos.</li>
          <li>Avise-nos imediatamente se suspeitar de uso indevido do seu acesso.</li>
        </ul>
      ),
    },
    {
      id: 'pagamento',
      title: 'Pagamento, suspensão e cancelamento',
      body: (
        <ul>
          <li>A mensalidade é cobrada mensalmente no cartão de crédito ou de débito cadastrado.</li>
          <li>O contrato é suspenso quando a mensalidade não é paga até as 23:59 do dia do vencimento, e é reativado após o pagamento.</li>
          <li>Nos primeiros 30 dias você pode cancelar sem multa; depois desse período, o plano é anual, com fidelidade de 12 meses.</li>
          <li>A assistência 24h tem carência de 30 dias a partir do início da vigência.</li>
        </ul>
      ),
    },
    {
      id: 'uso-adequado',
      title: 'Uso adequado',
      body: (
        <>
          <p>Ao usar os serviços, você se compromete a não:</p>
          <ul>
            <li>fornecer informações falsas ou de terceiros sem autorização;</li>
            <li>tentar acessar contas, contratos ou dados de outras pessoas;</li>
            <li>interferir no funcionamento do site, usar robôs ou sobrecarregar os sistemas;</li>
            <li>usar os serviços para fins ilícitos ou fraudulentos.</li>
          </ul>
          <p>O descumprimento pode levar ao bloqueio do acesso, sem prejuízo das medidas legais cabíveis.</p>
        </>
      ),
    },
    {
      id: 'responsabilidade',
      title: 'Disponibilidade e responsabilidade',
      body: (
        <p>
          Trabalhamos para manter os serviços disponíveis 24 horas por dia, mas podem ocorrer interrupções para manutenção ou por motivos
          fora do nosso controle, como falhas de rede de telefonia ou de sinal de GPS. A localização exibida no mapa é aproximada e depende
          do sinal do rastreador.
        </p>
      ),
    },
    {
      id: 'propriedade',
      title: 'Propriedade intelectual',
      body: (
        <p>
          A marca {brand}, os textos, o layout e o software são protegidos por lei. Não é permitido copiá-los, modificá-los ou distribuí-los
          sem autorização por escrito.
        </p>
      ),
    },
    {
      id: 'alteracoes',
      title: 'Alterações dos termos',
      body: (
        <p>
          Podemos atualizar estes termos a qualquer tempo. A versão em vigor fica sempre nesta página, com a data da última atualização;
          mudanças relevantes serão comunicadas pelos canais cadastrados.
        </p>
      ),
    },
    {
      id: 'foro',
      title: 'Lei aplicável e foro',
      body: (
        <p>
          Estes termos são regidos pelas leis brasileiras, incluindo o Código de Defesa do Consumidor. Fica eleito o foro do domicílio do
          consumidor para resolver eventuais controvérsias. Dúvidas? Fale com a gente pelo <Link to={paths.contact}>Fale conosco</Link>.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Termos de Uso"
      updated="2 de janeiro de 2025"
      intro={<p>Leia com atenção: estes termos descrevem as regras de uso dos canais digitais da {brand}.</p>}
      sections={sections}
    />
  );
}

export default TermsPage;
