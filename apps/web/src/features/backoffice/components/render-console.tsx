import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { paths } from '../../../lib/paths';
import BackofficeLayout from './BackofficeLayout';
import CasePage from './CasePage';
import AuditPage from './AuditPage';
import ConsoleNotFoundPage from './ConsolePages';
import FinancePage from './FinancePage';
import QueuePage from './QueuePage';

/** Component tests: the console's routes as the app mounts them, opened at `at`, with a fresh query cache. */
export function renderConsole(at: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={paths.backoffice.home} element={<BackofficeLayout />}>
            <Route index element={<QueuePage />} />
            <Route path={paths.backoffice.case} element={<CasePage />} />
            <Route path={paths.backoffice.finance} element={<FinancePage />} />
            <Route path={paths.backoffice.audit} element={<AuditPage />} />
            <Route path="*" element={<ConsoleNotFoundPage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
