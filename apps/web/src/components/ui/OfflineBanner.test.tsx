import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@guarita/domain';
import { OfflineBanner } from './OfflineBanner';

function Bills() {
  const { data } = useQuery({ queryKey: ['contracts', 7, 'bills'], queryFn: () => Promise.resolve(['10/12/2026']) });
  return <p>{data?.[0]}</p>;
}

function renderScreen(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <OfflineBanner />
      <Bills />
    </QueryClientProvider>,
  );
}

const goOffline = (offline: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => void window.dispatchEvent(new Event(offline ? 'offline' : 'online')));
};

describe('OfflineBanner (ADR 091)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offline, tells when the data on screen was loaded (São Paulo time); online, says nothing', async () => {
    const client = new QueryClient();
    client.setQueryData(['contracts', 7, 'bills'], ['10/12/2026'], { updatedAt: Date.UTC(2026, 10, 22, 17, 5) });
    client.setQueryDefaults(['contracts'], { staleTime: Infinity });
    renderScreen(client);
    expect(await screen.findByText('10/12/2026')).toBeVisible();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(`${MSG.offline} Atualizado em 22/11/2026, 14:05.`);
    goOffline(false);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
