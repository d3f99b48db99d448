import { Link, useLocation } from 'react-router';
import { PageTitle } from '../../../components/ui/PageTitle';
import { EmergencyLines } from './EmergencyLines';
import { paths } from '../../../lib/paths';

const TITLES: Array<[RegExp, string]> = [
  [/^\/meu-plano/, 'Meu Plano'],
  [/^\/mapa/, 'Mapa do Veículo'],
  [/^\/pagamentos\/fatura-em-aberto/, 'Pagamento de fatura'],
  [/^\/pagamentos\/(cartao|adicionar-cartao)/, 'Trocar Cartão'],
  [/^\/pagamentos/, 'Pagamentos'],
  [/^\/antecipacao/, 'Antecipação de fatura'],
  [/^\/servicos-adicionais/, 'Serviços adicionais'],
  [/^\/suporte/, 'Solicitações'],
  [/^\/(sinistros|aviso)/, 'Sinistros'],
  [/^\/sso/, 'Acesso'],
  [/^\/checkout/, 'Contrate agora'],
  [/^\/indicacao/, 'Indicação'],
];

/**
 * Routes whose screens belong to later issues: a clear pt-BR page instead of a dead end, with the theft/robbery
 * and 24h assistance lines as tap-to-call links (issue 8).
 */
export function ComingSoonPage() {
  const { pathname } = useLocation();
  const title = TITLES.find(([re]) => re.test(pathname))?.[1] ?? 'Em breve';
  return (
    <section className="card centered">
      <PageTitle>{title}</PageTitle>
      <p>Esta área está em construção e estará disponível em breve.</p>
      <p>Enquanto isso, fale com a nossa central de atendimento se precisar de ajuda.</p>
      <EmergencyLines />
      <Link to={paths.dashboard.pattern}>Voltar ao início</Link>
    </section>
  );
}

export default ComingSoonPage;
