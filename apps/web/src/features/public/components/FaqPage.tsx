import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicConfigDto } from '@guarita/domain';
import { usePublicConfig } from '../../../api/get-public-config';
import { PageTitle } from '../../../components/ui/PageTitle';
import { GUARANTEE_LIMIT, telHref } from '../links';
import { paths } from '../../../lib/paths';

interface Question {
  q: string;
  a: ReactNode;
}
interface Section {
  id: string;
  title: string;
  questions: Question[];
}

type Facts = Pick<PublicConfigDto, 'brandName' | 'phoneSales' | 'phoneTheft' | 'phoneAssistance' | 'supportEmail' | 'address'>;

const Phone = ({ n }: { n: string }) => <a href={telHref(n)}>{n}</a>;

/** The seven sections of 000 §1, with every guarantee fact the spec lists. Brand and phones are configuration. */
export function faqSections(c: Facts): Section[] {
  const brand = c.brandName;
  return [
    {
      id: 'como-contratar',
      title: 'Como Contratar',
      questions: [
        {
          q: 'Como faço para contratar?',
          a: (
            <p>
              A contratação é 100% online e leva cerca de 5 minutos. Clique em <Link to={paths.checkout}>Contrate agora</Link>, informe os
              dados do veículo, escolha o plano e cadastre o seu cartão. Prefere falar com alguém? Ligue para Vendas:{' '}
              <Phone n={c.phoneSales} />.
            </p>
          ),
        },
        {
          q: 'Quais formas de pagamento são aceitas?',
          a: <p>Aceitamos cartões de crédito e de débito. A cobrança é mensal, feita automaticamente no cartão cadastrado.</p>,
        },
        {
          q: 'O que preciso ter em mãos para contratar?',
          a: <p>Seu CPF ou CNPJ, a placa ou os dados do veículo, o endereço e um cartão de crédito ou de débito.</p>,
        },
      ],
    },
    {
      id: 'planos-e-servicos',
      title: 'Planos e Serviços',
      questions: [
        {
          q: 'O que está incluído no plano?',
          a: (
            <p>
              Todos os planos têm a garantia contra roubo e furto — até {GUARANTEE_LIMIT} ou 100% da tabela FIPE —, rastreamento e
              assistência 24h. Conforme o plano, você pode ter também cobertura para colisão e para vidros.
            </p>
          ),
        },
        {
          q: 'A assistência 24h vale a partir de quando?',
          a: <p>A assistência 24h tem carência de 30 dias, contados a partir do início da vigência do contrato.</p>,
        },
        {
          q: 'Posso mudar de plano ou incluir serviços adicionais?',
          a: (
            <p>
              Sim. Na Área do Cliente, em Solicitações, você pede a troca de plano, serviços adicionais como carro reserva e outras
              alterações do seu contrato.
            </p>
          ),
        },
      ],
    },
    {
      id: 'sinistro',
      title: 'Sinistro',
      questions: [
        {
          q: 'Meu veículo foi roubado ou furtado. O que eu faço?',
          a: (
            <p>
              Ligue imediatamente para a central de roubo ou furto, <Phone n={c.phoneTheft} />, que atende 24 horas, e registre o boletim de
              ocorrência. Quanto antes você avisar, mais rápido começamos a busca pelo veículo.
            </p>
          ),
        },
        {
          q: 'E se o veículo não for encontrado?',
          a: (
            <p>
              É a garantia Encontra ou Paga: se o veículo roubado ou furtado não for recuperado, você recebe até {GUARANTEE_LIMIT} ou 100%
              da tabela FIPE, conforme o seu plano.
            </p>
          ),
        },
        {
          q: 'Como aviso uma colisão ou um dano nos vidros?',
          a: (
            <p>
              Se o seu plano tem cobertura para colisão ou vidros, faça o aviso na Área do Cliente, em Sinistros: descreva o ocorrido, envie
              as fotos e os documentos pedidos e acompanhe cada etapa do processo.
            </p>
          ),
        },
      ],
    },
    {
      id: 'como-funciona',
      title: 'Como Funciona',
      questions: [
        {
          q: 'Como funciona a garantia Encontra ou Paga?',
          a: (
            <p>
              O veículo é protegido pelo rastreamento e pela nossa central de roubo ou furto. Em caso de roubo ou furto, nossa equipe
              trabalha para localizá-lo; se ele não for recuperado, você é indenizado em até {GUARANTEE_LIMIT} ou 100% da tabela FIPE.
            </p>
          ),
        },
        {
          q: 'Como acompanho o meu veículo?',
          a: <p>Nos planos com rastreador, a Área do Cliente mostra a posição atual do veículo no mapa e o histórico de viagens.</p>,
        },
        {
          q: 'Como aciono a assistência 24h?',
          a: (
            <p>
              Ligue para <Phone n={c.phoneAssistance} /> a qualquer hora do dia ou da noite. Lembre-se de que a assistência 24h tem carência
              de 30 dias.
            </p>
          ),
        },
      ],
    },
    {
      id: 'o-que-e',
      title: `O que é a ${brand}`,
      questions: [
        {
          q: `O que é a ${brand}?`,
          a: (
            <p>
              A {brand} é uma proteção veicular por assinatura: garantia contra roubo e furto, rastreamento e assistência 24h, com
              contratação online e mensalidade no cartão.
            </p>
          ),
        },
        {
          q: `Onde fica a ${brand}?`,
          a: (
            <p>
              Nossa sede fica em Belo Horizonte: {c.address}. Você também fala com a gente pelo e-mail{' '}
              <a href={`mailto:${c.supportEmail}`}>{c.supportEmail}</a> ou pelo <Link to={paths.contact}>Fale conosco</Link>.
            </p>
          ),
        },
      ],
    },
    {
      id: 'contrato-e-pagamento',
      title: 'Contrato e Pagamento',
      questions: [
        {
          q: 'Posso cancelar? Existe multa?',
          a: (
            <p>
              Nos primeiros 30 dias não há multa de cancelamento. Depois desse período, o plano passa a ser anual, com fidelidade de 12
              meses.
            </p>
          ),
        },
        {
          q: 'O que acontece se eu atrasar a mensalidade?',
          a: (
            <p>
              O contrato é suspenso quando a mensalidade não é paga até as 23:59 do dia do vencimento. Para reativá-lo, pague a fatura em
              aberto na Área do Cliente, com cartão ou Pix.
            </p>
          ),
        },
        {
          q: 'Como é feita a cobrança?',
          a: (
            <p>
              A cobrança é mensal, no cartão de crédito ou de débito cadastrado. Pela Área do Cliente você troca o cartão, paga faturas em
              aberto e antecipa faturas.
            </p>
          ),
        },
      ],
    },
    {
      id: 'area-do-cliente',
      title: 'Área do Cliente',
      questions: [
        {
          q: 'Como acesso a Área do Cliente?',
          a: (
            <p>
              Clique em <Link to={paths.legacy.panel}>Área do Cliente</Link>, informe o seu CPF ou CNPJ e digite o código de validação que
              enviamos por SMS ou e-mail.
            </p>
          ),
        },
        {
          q: 'O que posso fazer na Área do Cliente?',
          a: (
            <ul>
              <li>Pagar faturas em aberto com cartão ou Pix, trocar o cartão e antecipar faturas;</li>
              <li>Consultar o seu plano e os seus dados cadastrais;</li>
              <li>Ver o veículo no mapa (planos com rastreador);</li>
              <li>Abrir solicitações e avisar sinistros, acompanhando cada etapa.</li>
            </ul>
          ),
        },
        {
          q: 'Não recebi o código de validação. E agora?',
          a: <p>Confira o número ou e-mail indicado e use o botão “Reenviar código”. Cada código vale por 10 minutos.</p>,
        },
      ],
    },
  ];
}

/** /duvidas-frequentes — an accordion of native <details> (keyboard and screen-reader friendly without script). */
export function FaqPage() {
  const cfg = usePublicConfig().data;
  const facts: Facts = cfg ?? {
    brandName: 'Guarita',
    phoneSales: '…',
    phoneTheft: '…',
    phoneAssistance: '…',
    supportEmail: '…',
    address: '…',
  };
  const sections = faqSections(facts);
  return (
    <div className="faq-page">
      <PageTitle>Dúvidas frequentes</PageTitle>
      <nav className="faq-toc" aria-label="Seções das dúvidas frequentes">
        <ul>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((s) => (
        <section key={s.id} id={s.id} className="faq-section" aria-labelledby={`${s.id}-title`}>
          <h2 id={`${s.id}-title`}>{s.title}</h2>
          {s.questions.map((item) => (
            <details key={item.q} className="faq-item">
              <summary>{item.q}</summary>
              <div className="faq-answer">{item.a}</div>
            </details>
          ))}
        </section>
      ))}
      <section className="faq-cta" aria-labelledby="faq-cta-title">
        <h2 id="faq-cta-title">Pronto para proteger o seu veículo?</h2>
        <p>Contrate agora, em cerca de 5 minutos, no cartão de crédito ou débito.</p>
        <Link className="btn btn-primary" to={paths.checkout}>
          Contrate agora
        </Link>
      </section>
    </div>
  );
}

export default FaqPage;
