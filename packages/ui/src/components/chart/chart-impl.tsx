/**
 * The chart drawing, loaded lazily by `Chart`: SVG drawn from d3-scale and d3-shape (about 19 KB
 * brotli with the pie's pieces), so the pages that draw a chart fetch that and no more.
 */
import { useRef } from 'react';
import { Cartesian } from './cartesian.js';
import { Pie } from './pie.js';
import type { ChartImplProps } from './types.js';
import { useWidth } from './use-width.js';

export default function ChartImpl(props: ChartImplProps) {
  const box = useRef<HTMLDivElement>(null);
  // A fixed width draws at that size; otherwise the drawing follows its container's width.
  const width = useWidth(box, props.width);
  const Drawing = props.type === 'pie' ? Pie : Cartesian;
  return (
    <div ref={box} className="h-full w-full">
      {width > 0 ? <Drawing {...props} width={width} /> : null}
    </div>
  );
}
