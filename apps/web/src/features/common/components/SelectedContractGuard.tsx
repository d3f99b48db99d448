import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Spinner } from '../../../components/ui/Spinner';
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
 * Loads the selected contract once for a contract-scoped page (ADR 020): spinner while the contracts load,
 * the error, 'Contrato não encontrado' for a route naming another customer's or an unknown contract, and
 * 'Você não possui contratos ativos.' when there is none; otherwise the page gets the contract.
 */
export function SelectedContractGuard({ children, empty }: Props) {
  const selected = useSelectedContract();
  if (selected.isLoading) return <Spinner />;
  if (selected.error) return <Alert>{selected.error.message}</Alert>;
  if (selected.notFound) return <ContractNotFound />;
  if (!selected.contract) return empty ?? <Alert kind="info">Você não possui contratos ativos.</Alert>;
  return children(selected.contract, selected);
}
