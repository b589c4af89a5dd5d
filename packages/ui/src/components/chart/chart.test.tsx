import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { Chart, type ChartProps } from './chart.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
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

/** Waits for the lazily loaded drawing and answers its image (the wrapper named by the title). */
async function drawn(container: HTMLElement): Promise<HTMLElement> {
  // The first test pays for loading the drawing's chunk, which takes a while on a busy machine.
  const image = await screen.findByRole('img', { name: 'Devices' }, { timeout: 10_000 });
  await waitFor(
    () => {
      if (!container.querySelector('[role="img"] svg')) throw new Error('not drawn yet');
    },
    { timeout: 5000 },
  );
  return image;
}

const texts = (elements: Iterable<Element>) => [...elements].map((element) => element.textContent);
const legend = (image: HTMLElement) => texts(image.querySelectorAll('[data-chart-legend] li'));

/** Moves the pointer over the drawing at `x` px from its left edge. */
function pointAt(svg: SVGSVGElement, x: number) {
  vi.spyOn(svg, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 600, height: 276 }),
  );
  fireEvent.pointerMove(svg, { clientX: x, clientY: 40 });
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
    const image = await drawn(container);
    expect(image.querySelector('svg')?.getAttribute('width')).toBe('480');
  });

  it('follows its container as it resizes', async () => {
    const observed: ResizeObserverCallback[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          observed.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 480, height: 300 }),
    );
    const { container } = renderChart({ width: undefined });
    const image = await drawn(container);
    const resize = { contentRect: DOMRect.fromRect({ width: 720, height: 300 }) } as ResizeObserverEntry;
    act(() => {
      for (const callback of observed) callback([resize], {} as ResizeObserver);
    });
    expect(image.querySelector('svg')?.getAttribute('width')).toBe('720');
  });

  it('draws a line per series, the first in the theme colour, with a legend', async () => {
    const { container } = renderChart();
    const image = await drawn(container);
    const lines = [...image.querySelectorAll('[data-series] path')] as SVGPathElement[];
    expect(lines).toHaveLength(2);
    for (const path of lines) expect(path.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+C/);
    expect(lines[0]?.style.stroke).toBe('var(--vap-primary)');
    expect(lines[1]?.style.stroke).not.toBe(lines[0]?.style.stroke);
    // Three points each, a dot on every one.
    expect(image.querySelectorAll('[data-series="online"] circle')).toHaveLength(3);
    expect(legend(image)).toEqual(['Online', 'Offline']);
  });

  it('puts a higher value higher up', async () => {
    const { container } = renderChart({ series: [{ key: 'online', label: 'Online' }] });
    const image = await drawn(container);
    const heights = [...image.querySelectorAll('[data-series="online"] circle')].map((dot) =>
      Number(dot.getAttribute('cy')),
    );
    // 120, 1350, 1500.5: SVG's y grows downwards.
    expect(heights[0]).toBeGreaterThan(heights[1] as number);
    expect(heights[1]).toBeGreaterThan(heights[2] as number);
  });

  it('uses a series’ own colour when given', async () => {
    const { container } = renderChart({ series: [{ key: 'online', label: 'Online', color: 'red' }] });
    const image = await drawn(container);
    expect((image.querySelector('[data-series] path') as SVGPathElement).style.stroke).toBe('red');
  });

  it('draws a bar per data point and series, side by side, as tall as its value', async () => {
    const { container } = renderChart({ type: 'bar' });
    const image = await drawn(container);
    const online = [...image.querySelectorAll('[data-series="online"] rect')];
    const offline = [...image.querySelectorAll('[data-series="offline"] rect')];
    expect(online).toHaveLength(3);
    expect(offline).toHaveLength(3);
    const number = (element: Element | undefined, name: string) => Number(element?.getAttribute(name));
    expect(number(online[0], 'x')).toBeLessThan(number(offline[0], 'x'));
    expect(number(offline[0], 'x')).toBeLessThan(number(online[1], 'x'));
    expect(number(online[2], 'height')).toBeGreaterThan(number(online[0], 'height'));
    expect((image.querySelector('[data-series="online"]') as SVGElement).style.fill).toBe(
      'var(--vap-primary)',
    );
    expect(legend(image)).toEqual(['Online', 'Offline']);
  });

  it('draws a pie slice per data point of the first series, the legend naming them', async () => {
    const { container } = renderChart({ type: 'pie' });
    const image = await drawn(container);
    const slices = [...image.querySelectorAll('[data-series="online"] path')] as SVGPathElement[];
    expect(slices).toHaveLength(3);
    const fills = slices.map((path) => path.style.fill);
    expect(fills[0]).toBe('var(--vap-primary)');
    expect(new Set(fills).size).toBe(3);
    expect(legend(image)).toEqual(['Jan', 'Feb', 'Mar']);
  });

  it('shows the hovered point’s values in a tooltip, formatted, and hides it when the pointer leaves', async () => {
    const { container } = renderChart();
    const image = await drawn(container);
    const svg = image.querySelector('svg') as SVGSVGElement;
    expect(image.querySelector('[data-chart-tooltip]')).toBeNull();
    // The last of three equal slots.
    pointAt(svg, 550);
    const tooltip = image.querySelector('[data-chart-tooltip]');
    expect(tooltip?.textContent).toContain('Mar');
    expect(tooltip?.textContent).toContain('Online: 1,500.5');
    expect(tooltip?.textContent).toContain('Offline: 3');
    fireEvent.pointerLeave(svg);
    expect(image.querySelector('[data-chart-tooltip]')).toBeNull();
  });

  it('shortens the value axis with the suffixes of spec §9, the tooltip’s table keeping whole numbers', async () => {
    const { container } = renderChart({
      data: [
        { month: 'Jan', online: 1200, offline: 8 },
        { month: 'Feb', online: 25_000, offline: 12 },
      ],
    });
    const image = await drawn(container);
    const ticks = texts(image.querySelectorAll('[data-axis="y"] text'));
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks).toContain('0');
    for (const tick of ticks.filter((each) => each !== '0')) expect(tick).toMatch(/^\d+(\.\d)?k$/);
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
    const ticks = texts(image.querySelectorAll('[data-axis="x"] text'));
    expect(ticks.length).toBeGreaterThan(0);
    for (const tick of ticks) expect(tick).toMatch(/^D\d+$/);
    // In time order: each point right of the one before.
    const across = [...image.querySelectorAll('[data-series="online"] circle')].map((dot) =>
      Number(dot.getAttribute('cx')),
    );
    expect(across).toEqual([...across].sort((a, b) => a - b));
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

  it('imports the drawing’s libraries only in modules that chart-impl.tsx loads', () => {
    const importing = sources.filter(({ text }) => /from\s+['"]d3-/.test(text));
    expect(importing.map(({ name }) => name).sort()).toEqual(['cartesian.tsx', 'pie.tsx', 'scales.ts']);
    const drawing = ['chart-impl.tsx', 'cartesian.tsx', 'pie.tsx', 'scales.ts'];
    const light = sources.filter(({ name }) => !drawing.includes(name));
    for (const { name, text } of light)
      expect(text, name).not.toMatch(/['"]\.\/(cartesian|pie|scales)(\.js)?['"]/);
  });

  it('reaches chart-impl only through a dynamic import', () => {
    const referencing = sources.filter(({ text }) => /['"]\.\/chart-impl(\.js)?['"]/.test(text));
    expect(referencing.map(({ name }) => name)).toEqual(['chart.tsx']);
    const chart = referencing[0]?.text ?? '';
    expect(chart).toMatch(/lazy\(\(\) => import\(['"]\.\/chart-impl\.js['"]\)\)/);
    expect(chart).not.toMatch(/from\s+['"]\.\/chart-impl/);
  });
});
