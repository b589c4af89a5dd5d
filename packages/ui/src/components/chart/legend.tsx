/** The names of the drawn series (or slices), each beside its colour. */
export function Legend({ items }: { items: { key: string; label: string; color: string }[] }) {
  return (
    <ul
      className="m-0 flex list-none flex-wrap justify-center gap-x-4 gap-y-1 p-0 text-xs"
      data-chart-legend=""
    >
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block size-2.5 rounded-sm"
            style={{ background: item.color }}
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** The legend's height in px, taken from the chart's height so the whole stays as tall as asked. */
export const LEGEND_HEIGHT = 24;
