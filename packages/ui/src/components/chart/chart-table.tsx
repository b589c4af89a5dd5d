import type { ChartRow, ChartSeries } from './types.js';

export interface ChartTableProps {
  caption: string;
  xLabel: string;
  data: ChartRow[];
  x: string;
  series: ChartSeries[];
  formatX: (value: unknown) => string;
  formatValue: (value: number) => string;
}

/**
 * The chart's numbers as a visually hidden table: the drawing is an image to screen readers, so
 * this is how their users get the values. It is hidden by a box around it: a table is never
 * narrower than its cells, whatever width it is given, so `sr-only` on the table itself left a
 * table as wide as its numbers, which widened the page (the MQTT dashboard at 1280 px).
 */
export function ChartTable({ caption, xLabel, data, x, series, formatX, formatValue }: ChartTableProps) {
  return (
    <div className="sr-only" data-chart-table="">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{xLabel}</th>
            {series.map((item) => (
              <th key={item.key} scope="col">
                {item.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((row, index) => (
            // Rows have no identity of their own; their order is the data's.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index}>
              <th scope="row">{formatX(row[x])}</th>
              {series.map((item) => {
                const value = row[item.key];
                return (
                  <td key={item.key}>
                    {typeof value === 'number' ? formatValue(value) : String(value ?? '')}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
