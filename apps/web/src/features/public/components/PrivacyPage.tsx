import { Link } from 'react-router';
import { usePublicConfig } from '../../../api/get-public-config';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { paths } from '../../../lib/paths';

// Reference text written for the product (LGPD — Lei nº 13.709/2018). Legal review before publication.

/** /politica-de-privacidade */
export function PrivacyPage() {
  const cfg = usePublicConfig().data;
  const brand = cfg?.brandName ?? 'Guarita';
  const email = cfg?.supportEmail ?? '';
  const mail = email ? <a href={`mailto:${email}`}>{email}</a> : 'o e-mail de atendimento';

  const sections: LegalSection[] = [
    {
      id: 'quem-somos',
      title: 'Quem é o controlador dos seus dados',
      body: (
        <p>
          A {brand}, com sede em {cfg?.address ?? 'Belo Horizonte/MG'}, é a controladora dos dados pessoais tratados no site, na Área do
          Cliente e no aplicativo, nos termos da Lei Geral de Proteção de Dados Pessoais (LGPD — Lei nº 13.709/2018).
        </p>
      ),
    },
    {
      id: 'dados-coletados',
      title: 'Quais dados pessoais tratamos',
      body: (
        <ul>
          <li>
            <strong>Dados de identificação e contato:</strong> nome, CPF ou CNPJ, e-mail, telefone e endereços de cobrança e de entrega.
          </li>
          <li>
            <strong>Dados do veículo e do contrato:</strong> placa, modelo, ano, plano contratado, faturas e pagamentos.
          </li>
          <li>
            <strong>Dados de pagamento:</strong> guardamos apenas a bandeira e os últimos dígitos do cartão; o número completo é tratado
            pela empresa de pagamentos.
          </li>
          <li>
            <strong>Dados de localização:</strong> nos planos com rastreador, a posição do veículo e o histórico de viagens.
          </li>
          <li>
            <strong>Dados de sinistros e solicitações:</strong> relatos, fotos, boletins de ocorrência e documentos que você nos envia.
          </li>
          <li>
            <strong>Dados técnicos:</strong> endereço IP, data e hora de acesso e registros de segurança, guardados conforme o Marco Civil
            da Internet (Lei nº 12.965/2014).
          </li>
        </ul>
      ),
    },
    {
      id: 'finalidades',
      title: 'Para que usamos os dados e com qual base legal',
      body: (
        <>
          <ul>
            <li>
              Prestar os serviços contratados — garantia, rastreamento, assistência 24h e atendimento (execução de contrato, art. 7º, V).
            </li>
            <li>Cobrar as mensalidades e processar pagamentos (execução de contrato, art. 7º, V).</li>
            <li>Analisar e pagar sinistros e prevenir fraudes (exercício regular de direitos e legítimo interesse, art. 7º, VI e IX).</li>
            <li>Cumprir obrigações legais, fiscais e regulatórias (art. 7º, II).</li>
            <li>Enviar comunicações sobre o seu contrato e, com o seu consentimento, ofertas (art. 7º, I e IX).</li>
          </ul>
          <p>Não tomamos decisões que afetem você com base exclusivamente em tratamento automatizado sem possibilidade de revisão.</p>
        </>
      ),
    },
    {
      id: 'compartilhamento',
      title: 'Com quem compartilhamos',
      body: (
        <>
          <p>Compartilhamos apenas o necessário, sempre com contratos que exigem proteção equivalente à desta política, com:</p>
          <ul>
            <li>empresas de pagamento, para processar cartões e Pix;</li>
            <li>prestadores de assistência 24h e oficinas, quando você aciona um serviço;</li>
            <li>fornecedores de tecnologia, como hospedagem, envio de SMS e de e-mail;</li>
            <li>autoridades públicas, quando a lei ou uma ordem judicial exigir.</li>
          </ul>
          <p>Não vendemos dados pessoais.</p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies e tecnologias semelhantes',
      body: (
        <p>
          Usamos somente cookies e armazenamento local essenciais ao funcionamento da Área do Cliente, como a manutenção da sua sessão e a
          escolha do veículo selecionado. A verificação anti-robô do Fale conosco funciona no seu próprio navegador, sem cookies e sem
          rastreamento por terceiros.
        </p>
      ),
    },
    {
      id: 'retencao',
      title: 'Por quanto tempo guardamos',
      body: (
        <p>
          Guardamos os dados enquanto o contrato estiver ativo e, depois, pelo prazo necessário para cumprir obrigações legais e exercer
          direitos em processos — em regra, até 5 anos após o fim do contrato. Registros de acesso são mantidos por 6 meses. Terminados os
          prazos, os dados são eliminados ou anonimizados.
        </p>
      ),
    },
    {
      id: 'seguranca',
      title: 'Como protegemos os dados',
      body: (
        <p>
          Adotamos medidas técnicas e administrativas como criptografia em trânsito, acesso com código de uso único, controle de acesso por
          perfil e registros de auditoria. Nenhum sistema é totalmente imune a incidentes; se algum ocorrer e puder causar risco ou dano
          relevante, comunicaremos você e a Autoridade Nacional de Proteção de Dados (ANPD).
        </p>
      ),
    },
    {
      id: 'direitos',
      title: 'Seus direitos como titular',
      body: (
        <>
          <p>Conforme o art. 18 da LGPD, você pode, a qualquer momento e gratuitamente:</p>
          <ul>
            <li>confirmar se tratamos seus dados e acessá-los;</li>
            <li>corrigir dados incompletos, inexatos ou desatualizados;</li>
            <li>pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários ou tratados em desconformidade com a lei;</li>
            <li>pedir a portabilidade dos dados a outro fornecedor;</li>
            <li>saber com quem compartilhamos seus dados;</li>
            <li>revogar o consentimento e pedir a eliminação dos dados tratados com base nele;</li>
            <li>peticionar à ANPD.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'encarregado',
      title: 'Encarregado pelo tratamento de dados (DPO)',
      body: (
        <p>
          Para exercer seus direitos ou tirar dúvidas sobre esta política, escreva para {mail} com o assunto “Privacidade” ou use o{' '}
          <Link to={paths.contact}>Fale conosco</Link>. Responderemos em até 15 dias.
        </p>
      ),
    },
    {
      id: 'alteracoes',
      title: 'Alterações desta política',
      body: (
        <p>
          Podemos atualizar esta política para refletir mudanças na lei ou nos nossos serviços. A data da última atualização fica sempre no
          topo da página e, em mudanças relevantes, avisaremos você pelos canais cadastrados.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Política de Privacidade"
      updated="2 de janeiro de 2025"
      intro={
        <p>
          Esta política explica quais dados pessoais a {brand} trata, para quê, com quem os compartilha e como você exerce os seus direitos.
          Ao usar o site, a Área do Cliente ou o aplicativo, você declara estar ciente dela. Leia também os{' '}
          <Link to={paths.terms}>Termos de Uso</Link>.
        </p>
      }
      sections={sections}
    />
  );
}

export default PrivacyPage;
