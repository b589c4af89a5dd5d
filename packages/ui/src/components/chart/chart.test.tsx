import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preferReducedMotion } from '../../test-polyfills.js';
import { renderWithUi } from '../../test-support.js';
import { Chart, type ChartProps } from './chart.js';

beforeAll(preferReducedMotion);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const data = [
  { month: 'Jan', online: 120, offline: 8 },
  { month: 'Feb', online: 1350, offline: 12 },
  { month: 'Mar', online: 1500.5, offline: 3 },
];
const series = [
  { key: 'online', label: 'Online' },
  { key: 'offline', label: 'Offline' },
];

function renderChart(props: Partial<ChartProps> = {}, language?: 'en' | 'zh-CN') {
  return renderWithUi(
    <Chart type="line" data={data} x="month" series={series} title="Devices" width={600} {...props} />,
    language,
  );
}

/**
 * Waits for the lazily loaded drawing and answers its container (recharts re-renders its svg
 * while it measures, so callers query afresh rather than hold on to one svg element).
 */
async function drawn(container: HTMLElement): Promise<HTMLElement> {
  // The first test pays for loading recharts itself, which takes a while on a busy machine.
  const image = await screen.findByRole('img', { name: 'Devices' }, { timeout: 10_000 });
  await waitFor(
    () => {
      if (!container.querySelector('.recharts-wrapper > svg.recharts-surface'))
        throw new Error('not drawn yet');
    },
    { timeout: 5000 },
  );
  return image;
}

describe('Chart', () => {
  it('shows a placeholder of the same height while the drawing loads', async () => {
    const { container } = renderChart({ height: 240 });
    const placeholder = screen.getByRole('status', { name: 'Loading chart' });
    expect(placeholder.style.height).toBe('240px');
    expect(screen.queryByRole('img')).toBeNull();
    await drawn(container);
    expect(screen.queryByRole('status', { name: 'Loading chart' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Devices' }).style.height).toBe('240px');
  });

  it('fills its container’s width when given no width', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 480, height: 300 }),
    );
    const { container } = renderChart({ width: undefined });
    await drawn(container);
    expect(container.querySelector('.recharts-wrapper > svg.recharts-surface')?.getAttribute('width')).toBe(
      '480',
    );
  });

  it('draws a line per series, the first in the theme colour, with a legend', async () => {
    const { container } = renderChart();
    const image = await drawn(container);
    await waitFor(() => expect(image.querySelectorAll('.recharts-line-curve')).toHaveLength(2));
    const strokes = [...image.querySelectorAll('.recharts-line-curve')].map((line) =>
      line.getAttribute('stroke'),
    );
    expect(strokes[0]).toBe('var(--vap-primary)');
    expect(strokes[1]).not.toBe(strokes[0]);
    const legend = container.querySelector('.recharts-legend-wrapper');
    expect(legend?.textContent).toContain('Online');
    expect(legend?.textContent).toContain('Offline');
  });

  it('uses a series’ own colour when given', async () => {
    const { container } = renderChart({ series: [{ key: 'online', label: 'Online', color: 'red' }] });
    const image = await drawn(container);
    await waitFor(() =>
      expect(image.querySelector('.recharts-line-curve')?.getAttribute('stroke')).toBe('red'),
    );
  });

  it('draws a bar per data point and series', async () => {
    const { container } = renderChart({ type: 'bar' });
    const image = await drawn(container);
    await waitFor(() => expect(image.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(6));
  });

  it('draws a pie slice per data point of the first series', async () => {
    const { container } = renderChart({ type: 'pie' });
    const image = await drawn(container);
    await waitFor(() => expect(image.querySelectorAll('.recharts-pie-sector')).toHaveLength(3));
    const fills = [...image.querySelectorAll('.recharts-pie-sector path')].map((path) =>
      path.getAttribute('fill'),
    );
    expect(fills[0]).toBe('var(--vap-primary)');
    expect(new Set(fills).size).toBe(3);
  });

  it('shortens the value axis with the suffixes of spec §9, the tooltip’s table keeping whole numbers', async () => {
    const { container } = renderChart({
      data: [
        { month: 'Jan', online: 1200, offline: 8 },
        { month: 'Feb', online: 25_000, offline: 12 },
      ],
    });
    const image = await drawn(container);
    await waitFor(() => {
      const ticks = [
        ...image.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
      ].map((tick) => tick.textContent);
      expect(ticks.length).toBeGreaterThan(1);
      expect(ticks).toContain('0');
      for (const tick of ticks.filter((each) => each !== '0')) expect(tick).toMatch(/^\d+(\.\d)?k$/);
    });
    expect(
      within(container.querySelector('table') as HTMLTableElement).getByRole('cell', { name: '25,000' }),
    ).toBeTruthy();
  });

  it('plots a time chart over formatted dates, in time order', async () => {
    const day = (n: number) => Date.UTC(2024, 0, n);
    const { container } = renderChart({
      type: 'time',
      x: 'at',
      data: [
        { at: new Date(day(3)).toISOString(), online: 3 },
        { at: day(1), online: 1 },
        { at: new Date(day(2)), online: 2 },
      ],
      series: [{ key: 'online', label: 'Online' }],
      timeFormat: (time) => `D${time.getUTCDate()}`,
    });
    const image = await drawn(container);
    await waitFor(() => {
      const ticks = [
        ...image.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value'),
      ];
      expect(ticks.length).toBeGreaterThan(0);
      for (const tick of ticks) expect(tick.textContent).toMatch(/^D\d+$/);
    });
    const rows = within(container.querySelector('table') as HTMLTableElement).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual(['D11', 'D22', 'D33']);
    expect(within(rows[0] as HTMLElement).getAllByRole('columnheader')[0]?.textContent).toBe('Time');
  });

  it('lists the values in a visually hidden table captioned with the title', async () => {
    const { container } = renderChart({ valueFormat: (value) => `${value} pcs` });
    const table = container.querySelector('table') as HTMLTableElement;
    // Hidden by a box around it: a table is never narrower than its cells, so `sr-only` on the
    // table itself kept it as wide as its numbers and widened the page.
    expect(table.className).not.toContain('sr-only');
    expect(table.parentElement?.className).toContain('sr-only');
    expect(table.querySelector('caption')?.textContent).toBe('Devices');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Category', 'Online', 'Offline']);
    const [, feb] = within(table).getAllByRole('rowheader');
    expect(feb?.textContent).toBe('Feb');
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['120 pcs', '8 pcs', '1350 pcs', '12 pcs', '1500.5 pcs', '3 pcs']);
    await drawn(container);
  });

  it('groups the table’s numbers in the current language by default', async () => {
    const { container } = renderChart({ xLabel: 'Month' });
    const table = container.querySelector('table') as HTMLTableElement;
    expect(within(table).getAllByRole('columnheader')[0]?.textContent).toBe('Month');
    expect(within(table).getByRole('cell', { name: '1,500.5' })).toBeTruthy();
    await drawn(container);
  });

  it('shows a translated empty state and draws nothing without data', () => {
    const { container } = renderChart({ data: [] }, 'zh-CN');
    const empty = screen.getByRole('figure', { name: 'Devices' });
    expect(empty.textContent).toBe('暂无数据');
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('table')).toBeNull();
  });

  it('shows the placeholder while the caller is loading the data', () => {
    renderChart({ loading: true, height: 180 }, 'zh-CN');
    const placeholder = screen.getByRole('status', { name: '图表加载中' });
    expect(placeholder.style.height).toBe('180px');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('chart bundle boundary', () => {
  const folder = dirname(fileURLToPath(import.meta.url));
  const sources = readdirSync(folder)
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => ({ name, text: readFileSync(join(folder, name), 'utf8') }));

  it('imports recharts only in chart-impl.tsx', () => {
    const importing = sources.filter(({ text }) =>
      /from\s+['"]recharts['"]|import\(\s*['"]recharts['"]/.test(text),
    );
    expect(importing.map(({ name }) => name)).toEqual(['chart-impl.tsx']);
  });

  it('reaches chart-impl only through a dynamic import', () => {
    const referencing = sources.filter(({ text }) => /['"]\.\/chart-impl(\.js)?['"]/.test(text));
    expect(referencing.map(({ name }) => name)).toEqual(['chart.tsx']);
    const chart = referencing[0]?.text ?? '';
    expect(chart).toMatch(/lazy\(\(\) => import\(['"]\.\/chart-impl\.js['"]\)\)/);
    expect(chart).not.toMatch(/from\s+['"]\.\/chart-impl/);
  });
});
