import '../../test-polyfills.js';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { Tabs, TabsContent, TabsList, type TabsProps, TabsTrigger } from './tabs.js';

afterEach(cleanup);

function DeviceTabs(props: TabsProps) {
  return (
    <Tabs defaultValue="info" {...props}>
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

/** A tab a letter of `letters` (its value the letter in lower case), those in `disabled` disabled. */
function LetterTabs({
  letters,
  disabled,
  defaultValue,
}: {
  letters: string;
  disabled: string;
  defaultValue: string;
}) {
  return (
    <Tabs defaultValue={defaultValue}>
      <TabsList aria-label="Letters">
        {[...letters].map((letter) => (
          <TabsTrigger key={letter} value={letter.toLowerCase()} disabled={disabled.includes(letter)}>
            {letter}
          </TabsTrigger>
        ))}
      </TabsList>
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

  it('Home and End jump to the first and last tab', async () => {
    renderWithUi(<DeviceTabs />);
    await userEvent.tab();
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Logs'));
    expect(tab('Logs').getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('Info'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Info panel');
  });

  it('arrow keys, Home and End skip disabled tabs', async () => {
    renderWithUi(<LetterTabs letters="ABCDE" disabled="ACE" defaultValue="b" />);
    expect(tab('A').hasAttribute('data-disabled')).toBe(true);
    expect(tab('B').hasAttribute('data-disabled')).toBe(false);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('D'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('B'));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('D'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('B'));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(tab('D'));
    await userEvent.click(tab('C'));
    expect(tab('D').getAttribute('aria-selected')).toBe('true');
  });

  it('a vertical list uses Up and Down, not Left and Right, and says it is vertical', async () => {
    renderWithUi(<DeviceTabs orientation="vertical" />);
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('vertical');
    expect(tab('Info').getAttribute('data-orientation')).toBe('vertical');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Info'));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(tab('Config'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Config panel');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(tab('Logs'));
  });

  it('a horizontal list says it is horizontal and ignores Up and Down', async () => {
    renderWithUi(<DeviceTabs />);
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('horizontal');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(tab('Info'));
  });

  it('in manual mode the arrow keys move focus only, and Enter or Space selects', async () => {
    renderWithUi(<DeviceTabs activationMode="manual" />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Config'));
    expect(tab('Info').getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Config panel');
    await userEvent.keyboard('{ArrowRight}[Space]');
    expect(screen.getByRole('tabpanel').textContent).toBe('Logs panel');
  });

  it('a controlled value changes only through onValueChange', async () => {
    const onValueChange = vi.fn();
    const { rerender } = renderWithUi(<DeviceTabs value="config" onValueChange={onValueChange} />);
    expect(screen.getByRole('tabpanel').textContent).toBe('Config panel');
    await userEvent.click(tab('Logs'));
    expect(onValueChange).toHaveBeenCalledWith('logs');
    expect(screen.getByRole('tabpanel').textContent).toBe('Config panel');
    rerender(<DeviceTabs value="logs" onValueChange={onValueChange} />);
    expect(screen.getByRole('tabpanel').textContent).toBe('Logs panel');
  });

  it('a controlled value follows the keyboard when the owner applies it', async () => {
    function Owner() {
      const [value, setValue] = useState('info');
      return <DeviceTabs value={value} onValueChange={setValue} />;
    }
    renderWithUi(<Owner />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Config panel');
  });

  it('reselecting the current tab does not call onValueChange', async () => {
    const onValueChange = vi.fn();
    renderWithUi(<DeviceTabs onValueChange={onValueChange} />);
    await userEvent.click(tab('Info'));
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it("the caller's handlers on a tab still fire, and preventDefault in them skips the tab's own", async () => {
    const onPointerEnter = vi.fn();
    const onFocus = vi.fn();
    renderWithUi(
      <Tabs defaultValue="a">
        <TabsList aria-label="Letters">
          <TabsTrigger value="a">A</TabsTrigger>
          <TabsTrigger
            value="b"
            onPointerEnter={onPointerEnter}
            onFocus={onFocus}
            onKeyDown={(event) => event.preventDefault()}
          >
            B
          </TabsTrigger>
          <TabsTrigger value="c">C</TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    await userEvent.hover(tab('B'));
    expect(onPointerEnter).toHaveBeenCalledOnce();
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(onFocus).toHaveBeenCalledOnce();
    expect(tab('B').getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('B'));
  });

  it('each tab and its panel name each other', () => {
    renderWithUi(<DeviceTabs />);
    const panel = screen.getByRole('tabpanel', { name: 'Info' });
    expect(tab('Info').getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('Info').id);
    expect(panel.tabIndex).toBe(0);
    expect(tab('Config').getAttribute('aria-controls')).not.toBe(panel.id);
  });

  it('Tab reaches the selected tab, and the next Tab leaves the list', async () => {
    renderWithUi(
      <>
        <DeviceTabs defaultValue="config" />
        <button type="button">After</button>
      </>,
    );
    await userEvent.tab();
    expect(document.activeElement).toBe(tab('Config'));
    await userEvent.tab();
    expect(document.activeElement).not.toBe(tab('Logs'));
    expect(screen.getAllByRole('tab')).not.toContain(document.activeElement);
  });

  it('with no selectable selected tab, the first enabled tab is the tab stop', async () => {
    renderWithUi(<LetterTabs letters="ABC" disabled="A" defaultValue="a" />);
    await userEvent.tab();
    expect(document.activeElement).toBe(tab('B'));
  });

  it('shows no panel and keeps a tab stop when nothing is selected', async () => {
    renderWithUi(
      <Tabs>
        <TabsList aria-label="Letters">
          <TabsTrigger value="a">A</TabsTrigger>
          <TabsTrigger value="b">B</TabsTrigger>
        </TabsList>
        <TabsContent value="a">A panel</TabsContent>
      </Tabs>,
    );
    expect(screen.queryByRole('tabpanel')).toBeNull();
    await userEvent.tab();
    expect(document.activeElement).toBe(tab('A'));
  });

  it('unmounts the panels of unselected tabs', async () => {
    renderWithUi(<DeviceTabs />);
    expect(screen.queryByText('Config panel')).toBeNull();
    await userEvent.click(tab('Config'));
    expect(screen.queryByText('Info panel')).toBeNull();
    expect(tab('Config').getAttribute('data-state')).toBe('active');
    expect(tab('Info').getAttribute('data-state')).toBe('inactive');
  });
});

function tab(name: string): HTMLElement {
  return screen.getByRole('tab', { name });
}
