/** A line, bar or time chart drawn as SVG: grid, axes, the series, and a hover tooltip. */
import { curveMonotoneX, line } from 'd3-shape';
import { type PointerEvent, useState } from 'react';
import { LEGEND_HEIGHT, Legend } from './legend.js';
import { valueScale, xScale } from './scales.js';
import { Tooltip } from './tooltip.js';
import type { ChartImplProps } from './types.js';

const MARGIN = { top: 8, right: 16, bottom: 24 };
/** Up to this many points a line marks each of them with a dot. */
const DOTS_UP_TO = 30;

export function Cartesian({
  type,
  data,
  x,
  series,
  height,
  width,
  formatValue,
  formatAxis,
  formatTick,
  formatX,
}: ChartImplProps & { width: number }) {
  const [hovered, setHovered] = useState<{ index: number; top: number } | null>(null);
  const plotBottom = height - LEGEND_HEIGHT - MARGIN.bottom;
  const values = valueScale(
    data,
    series.map((item) => item.key),
    MARGIN.top,
    plotBottom,
    formatAxis,
  );
  const left = values.width;
  const right = Math.max(left + 1, width - MARGIN.right);
  const xs = xScale(type, data, x, left, right, formatTick);
  const { y } = values;
  const zero = y(Math.max(0, y.domain()[0] as number));

  const onMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setHovered({ index: xs.nearest(event.clientX - box.left), top: event.clientY - box.top });
  };
  const row = hovered ? data[hovered.index] : undefined;

  return (
    <div className="relative" style={{ width }}>
      <svg
        // The wrapper is the image, named by the title, with the data table beside it.
        aria-hidden="true"
        width={width}
        height={height - LEGEND_HEIGHT}
        className="block overflow-visible"
        onPointerMove={onMove}
        onPointerLeave={() => setHovered(null)}
      >
        <g stroke="currentColor" strokeOpacity={0.15} strokeDasharray="3 3">
          {values.ticks.map((tick) => (
            <line key={tick.at} x1={left} x2={right} y1={tick.at} y2={tick.at} />
          ))}
        </g>
        <g fontSize={12} fill="currentColor" data-axis="y" textAnchor="end" dominantBaseline="middle">
          {values.ticks.map((tick) => (
            <text key={tick.at} x={left - 6} y={tick.at}>
              {tick.text}
            </text>
          ))}
        </g>
        <g fontSize={12} fill="currentColor" data-axis="x" textAnchor="middle">
          <line
            x1={left}
            x2={right}
            y1={plotBottom}
            y2={plotBottom}
            stroke="currentColor"
            strokeOpacity={0.4}
          />
          {xs.ticks.map((tick) => (
            <text key={tick.at} x={tick.at} y={plotBottom + 16}>
              {tick.text}
            </text>
          ))}
        </g>
        {row && hovered && type !== 'bar' ? (
          <line
            x1={xs.at(hovered.index)}
            x2={xs.at(hovered.index)}
            y1={MARGIN.top}
            y2={plotBottom}
            stroke="currentColor"
            strokeOpacity={0.4}
          />
        ) : null}
        {type === 'bar'
          ? series.map((item, order) => {
              const width = xs.band / series.length;
              return (
                <g key={item.key} data-series={item.key} style={{ fill: item.color }}>
                  {data.map((each, index) => {
                    const value = each[item.key];
                    if (typeof value !== 'number') return null;
                    const top = Math.min(y(value), zero);
                    return (
                      <rect
                        // Rows have no identity of their own; their order is the data's.
                        // biome-ignore lint/suspicious/noArrayIndexKey: see above
                        key={index}
                        x={xs.at(index) - xs.band / 2 + order * width}
                        y={top}
                        width={Math.max(0, width - 1)}
                        height={Math.abs(y(value) - zero)}
                        fillOpacity={hovered?.index === index ? 0.8 : 1}
                      />
                    );
                  })}
                </g>
              );
            })
          : series.map((item) => {
              const path = line<number>()
                .defined((index) => typeof data[index]?.[item.key] === 'number')
                .x((index) => xs.at(index))
                .y((index) => y(data[index]?.[item.key] as number))
                .curve(curveMonotoneX)(data.map((_, index) => index));
              return (
                <g key={item.key} data-series={item.key}>
                  <path d={path ?? ''} fill="none" strokeWidth={2} style={{ stroke: item.color }} />
                  {data.length <= DOTS_UP_TO
                    ? data.map((each, index) =>
                        typeof each[item.key] === 'number' ? (
                          <circle
                            // biome-ignore lint/suspicious/noArrayIndexKey: the data's order, as above
                            key={index}
                            cx={xs.at(index)}
                            cy={y(each[item.key] as number)}
                            r={hovered?.index === index ? 4 : 3}
                            strokeWidth={2}
                            className="fill-surface"
                            style={{ stroke: item.color }}
                          />
                        ) : null,
                      )
                    : null}
                </g>
              );
            })}
      </svg>
      {row && hovered ? (
        <Tooltip
          width={width}
          left={xs.at(hovered.index)}
          top={hovered.top}
          content={{
            title: formatX(row[x]),
            lines: series.map((item) => {
              const value = row[item.key];
              return {
                key: item.key,
                label: item.label,
                color: item.color,
                value: typeof value === 'number' ? formatValue(value) : String(value ?? ''),
              };
            }),
          }}
        />
      ) : null}
      <Legend items={series.map((item) => ({ key: item.key, label: item.label, color: item.color }))} />
    </div>
  );
}
