import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { QueryError } from '../../../components/ui/QueryError';
import { Skeleton } from '../../../components/ui/Skeleton';
import { useSelectedContract, type SelectedContractDto } from '../../../hooks/use-selected-contract';
import { ContractNotFound } from './ContractNotFound';

export type SelectedContract = ReturnType<typeof useSelectedContract>;

type Props = {
  /** The page for the selected contract; it is rendered only once the contract is known. */
  children: (contract: SelectedContractDto, selected: SelectedContract) => ReactNode;
  /** What a customer without an active contract sees; the info alert by default. */
  empty?: ReactNode;
};

/**
 * Loads the selected contract once for a contract-scoped page (ADR 020): a skeleton while the contracts load,
 * the error with 'Tentar novamente' (issue 8), 'Contrato não encontrado' for a route naming another customer's or
 * an unknown contract, and 'Você não possui contratos ativos.' when there is none; otherwise the page gets the
 * contract. A failed refetch keeps the contracts it had (the offline banner says why).
 */
export function SelectedContractGuard({ children, empty }: Props) {
  const selected = useSelectedContract();
  if (selected.isLoading) return <Skeleton shape="block" label="Carregando…" />;
  if (selected.error && !selected.contract)
    return <QueryError error={selected.error} onRetry={selected.refetch} retrying={selected.isFetching} />;
  if (selected.notFound) return <ContractNotFound />;
  if (!selected.contract) return empty ?? <Alert kind="info">Você não possui contratos ativos.</Alert>;
  return children(selected.contract, selected);
}
