import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../test-support.js';
import { SummaryCard, type SummaryQuery } from './summary-card.js';

afterEach(cleanup);

function card(query: SummaryQuery<{ online: number }>) {
  return renderWithUi(
    <SummaryCard
      title="Devices"
      link={<a href="/devices">Open</a>}
      data-testid="devices-card"
      query={query}
      failed="The figures could not be loaded"
      empty={{ when: (data) => data.online === 0, text: 'No device yet' }}
    >
      {(data) => <p>{data.online} online</p>}
    </SummaryCard>,
  );
}

describe('SummaryCard', () => {
  it('shows its title and link in every state, and its figures once loaded', () => {
    card({ data: { online: 3 }, isPending: false, refetch: () => {} });
    expect(screen.getByRole('heading', { name: 'Devices' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open' })).toBeTruthy();
    expect(screen.getByText('3 online')).toBeTruthy();
  });

  it('says what is empty instead of figures of nothing', () => {
    card({ data: { online: 0 }, isPending: false, refetch: () => {} });
    expect(screen.getByText('No device yet')).toBeTruthy();
    expect(screen.queryByText('0 online')).toBeNull();
  });

  it('a failed load says so with a retry that asks again; a load under way shows a placeholder', async () => {
    const refetch = vi.fn();
    card({ data: undefined, isPending: false, refetch });
    expect(screen.getByRole('alert').textContent).toContain('The figures could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    cleanup();
    card({ data: undefined, isPending: true, refetch });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('devices-card').textContent).not.toContain('online');
  });
});
