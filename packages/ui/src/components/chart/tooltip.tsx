/** What the pointer is over: a heading (the x value or slice) and a line per value. */
export interface TooltipContent {
  title: string;
  lines: { key: string; label: string; value: string; color: string }[];
}

/** The hover box, placed beside the pointer and kept inside the drawing's width. */
export function Tooltip({
  content,
  left,
  top,
  width,
}: {
  content: TooltipContent;
  left: number;
  top: number;
  width: number;
}) {
  // On the right half the box opens to the pointer's left, so it never leaves the drawing.
  const side = left > width / 2 ? { right: width - left + 12 } : { left: left + 12 };
  return (
    <div
      className="pointer-events-none absolute z-10 rounded border border-line bg-surface px-2 py-1 text-xs text-ink shadow-md"
      style={{ ...side, top }}
      data-chart-tooltip=""
    >
      <div className="mb-0.5 font-medium">{content.title}</div>
      {content.lines.map((line) => (
        <div key={line.key} className="flex items-center gap-1.5 whitespace-nowrap">
          <span
            aria-hidden="true"
            className="inline-block size-2 rounded-sm"
            style={{ background: line.color }}
          />
          {line.label}: {line.value}
        </div>
      ))}
    </div>
  );
}
