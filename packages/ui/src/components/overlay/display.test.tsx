import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { Badge, formatCount } from './badge.js';
import { Breadcrumb } from './breadcrumb.js';
import { Descriptions } from './descriptions.js';
import { Dot } from './dot.js';
import { Tag } from './tag.js';

afterEach(cleanup);

describe('Tag', () => {
  it('takes the colours of its tone', () => {
    renderWithUi(<Tag tone="success">Online</Tag>);
    expect(screen.getByText('Online').className).toContain('text-success');
  });

  it('has no close button unless closable', () => {
    renderWithUi(<Tag>Plain</Tag>);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a closable tag has a translated close button that calls onClose', async () => {
    const onClose = vi.fn();
    renderWithUi(
      <Tag closable onClose={onClose}>
        Camera
      </Tag>,
      'zh-CN',
    );
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('lets the caller name the close button', () => {
    renderWithUi(
      <Tag closable closeLabel="Remove Camera">
        Camera
      </Tag>,
    );
    expect(screen.getByRole('button', { name: 'Remove Camera' })).toBeTruthy();
  });
});

describe('Badge', () => {
  it('caps large counts at 99+', () => {
    renderWithUi(<Badge count={120} />);
    expect(screen.getByText('99+')).toBeTruthy();
    expect(formatCount(99)).toBe('99');
    expect(formatCount(100)).toBe('99+');
    expect(formatCount(12, 9)).toBe('9+');
  });

  it('shows counts up to the maximum as they are', () => {
    renderWithUi(<Badge count={99} />);
    expect(screen.getByText('99')).toBeTruthy();
  });

  it('hides a zero count unless showZero', () => {
    const { container, rerender } = renderWithUi(<Badge count={0} />);
    expect(container.textContent).toBe('');
    rerender(<Badge count={0} showZero />);
    expect(container.textContent).toBe('0');
  });

  it('renders a dot without a number, over its child', () => {
    const { container } = renderWithUi(
      <Badge dot count={5}>
        <button type="button">Notices</button>
      </Badge>,
    );
    expect(container.textContent).toBe('Notices');
    const dot = container.querySelector('span[aria-hidden="true"]');
    expect(dot?.className).toContain('h-2 w-2');
  });

  it('uses its label as the accessible text', () => {
    renderWithUi(<Badge count={3} label="3 unread notices" />);
    expect(screen.getByRole('img', { name: '3 unread notices' }).textContent).toBe('3');
  });
});

describe('Dot', () => {
  it('is announced by its label, not only its colour', () => {
    renderWithUi(<Dot tone="success" label="Online" />);
    expect(screen.getByRole('img', { name: 'Online' }).className).toContain('bg-success');
  });

  it('can show the label beside the dot', () => {
    const { container } = renderWithUi(<Dot tone="danger" label="Offline" showLabel />);
    expect(container.textContent).toBe('Offline');
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('Breadcrumb', () => {
  const items = [{ label: 'Home', href: '/' }, { label: 'Devices', onClick: vi.fn() }, { label: 'Camera 7' }];

  it('is a labelled navigation whose last item is the current page', () => {
    renderWithUi(<Breadcrumb items={items} />, 'zh-CN');
    const nav = screen.getByRole('navigation', { name: '面包屑导航' });
    const current = within(nav).getByText('Camera 7');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.tagName).not.toBe('A');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(nav).getAllByRole('listitem')).toHaveLength(3);
  });

  it('takes its navigation label from a prop', () => {
    renderWithUi(<Breadcrumb items={items} label="You are here" />);
    expect(screen.getByRole('navigation', { name: 'You are here' })).toBeTruthy();
  });

  it('hides separators from screen readers', () => {
    const { container } = renderWithUi(<Breadcrumb items={items} separator=">" />);
    const separators = [...container.querySelectorAll('[aria-hidden="true"]')];
    expect(separators.map((node) => node.textContent)).toEqual(['>', '>']);
  });

  it('runs onClick items as buttons', async () => {
    const onClick = vi.fn();
    renderWithUi(<Breadcrumb items={[{ label: 'Back', onClick }, { label: 'Here' }]} />);
    screen.getByRole('button', { name: 'Back' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('Descriptions', () => {
  it('pairs labels and values in a description list', () => {
    const { container } = renderWithUi(
      <Descriptions
        title="Device"
        items={[
          { label: 'Serial', value: 'SN-001' },
          { label: 'Model', value: 'VZ-3' },
        ]}
      />,
    );
    const list = container.querySelector('dl');
    expect(list).not.toBeNull();
    const terms = [...(list?.querySelectorAll('dt') ?? [])].map((node) => node.textContent);
    const details = [...(list?.querySelectorAll('dd') ?? [])].map((node) => node.textContent);
    expect(terms).toEqual(['Serial', 'Model']);
    expect(details).toEqual(['SN-001', 'VZ-3']);
    expect(screen.getByRole('heading', { name: 'Device' })).toBeTruthy();
  });

  it('shows empty values as a dash but keeps zero', () => {
    const { container } = renderWithUi(
      <Descriptions
        items={[
          { label: 'Remark', value: '' },
          { label: 'Owner', value: null },
          { label: 'Channels', value: 0 },
        ]}
      />,
    );
    const details = [...container.querySelectorAll('dd')].map((node) => node.textContent);
    expect(details).toEqual(['-', '-', '0']);
  });

  it('lays out the given columns and lets an item span several', () => {
    const { container } = renderWithUi(
      <Descriptions
        columns={3}
        bordered
        items={[
          { label: 'A', value: '1' },
          { label: 'Address', value: 'Long', span: 5 },
        ]}
      />,
    );
    expect(container.querySelector('dl')?.className).toContain('lg:grid-cols-3');
    const wide = container.querySelectorAll('dl > div')[1] as HTMLElement;
    expect(wide.className).toContain('lg:col-span-3');
    expect(wide.className).not.toContain('col-span-5');
    expect(container.querySelector('dt')?.className).toContain('bg-canvas');
  });
});
