import { useEffect, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { samePlate, selectableContracts, vehicleOptions, type ContractDto, type ContractId } from '@guarita/domain';
import { useContracts } from '../api/get-contracts';
import { getSelectedContractId, setSelectedContractId, subscribeSelected } from '../lib/storage';
import { renderedOnServer } from '../lib/server-render';

/** On the server, and while hydrating its HTML, the contract the server chose (ADR 059). */
const serverSelected = () => renderedOnServer().selectedContract;

/** The selected contract with its id branded: contract-scoped hooks take a ContractId, not any number. */
export type SelectedContractDto = ContractDto & { nCtrId: ContractId };

/**
 * The contract the customer acts on: the nCtrId (or plate) in the route when it is theirs, else the stored choice,
 * else the first selectable one. A route id that is not theirs is reported as `notFound`, never selected.
 */
export function useSelectedContract() {
  const { nCtrId: routeParam, placa } = useParams();
  const contracts = useContracts();
  const stored = useSyncExternalStore(subscribeSelected, getSelectedContractId, serverSelected);
  const list = selectableContracts(contracts.data ?? []);
  const options = vehicleOptions(list);

  const routeId = routeParam !== undefined ? Number(routeParam) : undefined;
  const fromRoute =
    routeId !== undefined
      ? list.find((c) => c.nCtrId === routeId)
      : placa
        ? list.find((c) => samePlate(c.vehicle.numberPlate, placa))
        : undefined;
  const askedInRoute = routeParam !== undefined || placa !== undefined;
  // The ids came from the server's own contract list: this is where a number becomes a ContractId.
  const contract = (askedInRoute ? fromRoute : (list.find((c) => c.nCtrId === stored) ?? list[0])) as SelectedContractDto | undefined;

  useEffect(() => {
    if (contract && contract.nCtrId !== stored) setSelectedContractId(contract.nCtrId);
  }, [contract, stored]);

  return {
    contract,
    options,
    isLoading: contracts.isLoading,
    error: contracts.error,
    refetch: contracts.refetch,
    isFetching: contracts.isFetching,
    notFound: contracts.isSuccess && askedInRoute && !fromRoute,
    select: setSelectedContractId,
  };
}
