import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useSelectedContract } from '../../../hooks/use-selected-contract';
import { paths } from '../../../lib/paths';

/** Contracts except Encerrado; choosing one goes to /dashboard (or to `navigateTo` on a page's own selector). */
export function VehicleSelector({ navigateTo = paths.dashboard.pattern }: { navigateTo?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const { contract, options, select, isLoading } = useSelectedContract();
  if (isLoading) return <span className="vehicle-selector muted">Carregando veículos…</span>;
  if (options.length === 0) return null;
  const current = options.find((o) => o.nCtrId === contract?.nCtrId);
  return (
    <div className="vehicle-selector">
      <label htmlFor={id}>Veículo</label>
      <select
        id={id}
        value={current?.value ?? ''}
        onChange={(e) => {
          const chosen = options.find((o) => o.value === e.target.value);
          if (!chosen) return;
          select(chosen.nCtrId);
          navigate(navigateTo);
        }}
      >
        {!current && <option value="">Selecione</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
