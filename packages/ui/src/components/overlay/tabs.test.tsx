import '../../test-polyfills.js';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.js';

afterEach(cleanup);

function DeviceTabs() {
  return (
    <Tabs defaultValue="info">
      <TabsList aria-label="Device">
        <TabsTrigger value="info">Info</TabsTrigger>
        <TabsTrigger value="config">Config</TabsTrigger>
        <TabsTrigger value="logs">Logs</TabsTrigger>
      </TabsList>
      <TabsContent value="info">Info panel</TabsContent>
      <TabsContent value="config">Config panel</TabsContent>
      <TabsContent value="logs">Logs panel</TabsContent>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('shows the panel of the selected tab', () => {
    renderWithUi(<DeviceTabs />);
    expect(screen.getByRole('tab', { name: 'Info' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Info panel');
  });

  it('switches tabs with the arrow keys, wrapping around', async () => {
    renderWithUi(<DeviceTabs />);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Info' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Config' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Config panel');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Logs' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Logs panel');
  });

  it('switches on click', async () => {
    renderWithUi(<DeviceTabs />);
    await userEvent.click(screen.getByRole('tab', { name: 'Logs' }));
    expect(screen.getByRole('tabpanel', { name: 'Logs' }).textContent).toBe('Logs panel');
  });
});
