import '../../test-polyfills.js';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RefreshCw } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SizeProvider } from '../../size.js';
import { renderWithUi } from '../../test-support.js';
import { IconButton } from './icon-button.js';
import { Tooltip } from './tooltip.js';

afterEach(cleanup);

describe('Tooltip', () => {
  it('shows its content when the trigger gets keyboard focus and hides on Escape', async () => {
    renderWithUi(
      <Tooltip content="Reload the list">
        <button type="button">Reload</button>
      </Tooltip>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Reload the list');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on hover after the delay', async () => {
    renderWithUi(
      <Tooltip content="Hint" delay={50} side="bottom">
        <button type="button">Target</button>
      </Tooltip>,
    );
    await userEvent.hover(screen.getByRole('button', { name: 'Target' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Hint');
  });

  it('renders the bare trigger when there is no content', () => {
    renderWithUi(
      <Tooltip content="">
        <button type="button">Plain</button>
      </Tooltip>,
    );
    expect(screen.getByRole('button', { name: 'Plain' }).getAttribute('data-state')).toBeNull();
  });
});

describe('IconButton', () => {
  it('is named by its label and shows it as a tooltip', async () => {
    const onClick = vi.fn();
    renderWithUi(
      <IconButton label="Refresh" onClick={onClick}>
        <RefreshCw />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Refresh' });
    await userEvent.tab();
    expect(document.activeElement).toBe(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Refresh');
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('follows the control size of the console', () => {
    renderWithUi(
      <SizeProvider size="small">
        <IconButton label="Small">
          <RefreshCw />
        </IconButton>
        <IconButton label="Forced" size="medium">
          <RefreshCw />
        </IconButton>
      </SizeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Small' }).className).toContain('h-7 w-7');
    expect(screen.getByRole('button', { name: 'Forced' }).className).toContain('h-8 w-8');
  });
});
