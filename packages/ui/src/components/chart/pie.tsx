/** A pie of the first series drawn as SVG: a slice per row, each in its own palette colour. */
import { arc, type PieArcDatum, pie } from 'd3-shape';
import { type PointerEvent, useState } from 'react';
import { LEGEND_HEIGHT, Legend } from './legend.js';
import { paletteColour } from './palette.js';
import { Tooltip } from './tooltip.js';
import type { ChartImplProps, ChartRow } from './types.js';

/** The pie's radius as a share of half the room it has. */
const RADIUS = 0.8;

export function Pie({
  data,
  x,
  series,
  height,
  width,
  formatValue,
  formatX,
}: ChartImplProps & { width: number }) {
  const [hovered, setHovered] = useState<{ index: number; left: number; top: number } | null>(null);
  const first = series[0];
  if (!first) return null;
  const room = height - LEGEND_HEIGHT;
  const radius = (Math.min(width, room) / 2) * RADIUS;
  const value = (row: ChartRow) => (typeof row[first.key] === 'number' ? (row[first.key] as number) : 0);
  const slices = pie<ChartRow>().value(value).sort(null)(data);
  const draw = arc<PieArcDatum<ChartRow>>().innerRadius(0).outerRadius(radius);

  const onMove = (index: number) => (event: PointerEvent<SVGPathElement>) => {
    const box = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
    setHovered({ index, left: event.clientX - (box?.left ?? 0), top: event.clientY - (box?.top ?? 0) });
  };
  const row = hovered ? data[hovered.index] : undefined;

  return (
    <div className="relative" style={{ width }}>
      {/* The wrapper is the image, named by the title, with the data table beside it. */}
      <svg
        aria-hidden="true"
        width={width}
        height={room}
        className="block"
        onPointerLeave={() => setHovered(null)}
      >
        <g transform={`translate(${width / 2},${room / 2})`} data-series={first.key}>
          {slices.map((slice) => (
            <path
              key={slice.index}
              d={draw(slice) ?? ''}
              className="stroke-surface"
              style={{ fill: paletteColour(slice.index) }}
              onPointerMove={onMove(slice.index)}
            />
          ))}
        </g>
      </svg>
      {row && hovered ? (
        <Tooltip
          width={width}
          left={hovered.left}
          top={hovered.top}
          content={{
            title: formatX(row[x]),
            lines: [
              {
                key: first.key,
                label: first.label,
                color: paletteColour(hovered.index),
                value: formatValue(value(row)),
              },
            ],
          }}
        />
      ) : null}
      <Legend
        items={data.map((each, index) => ({
          key: String(index),
          label: formatX(each[x]),
          color: paletteColour(index),
        }))}
      />
    </div>
  );
}
