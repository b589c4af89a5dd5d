import { useVirtualizer } from '@tanstack/react-virtual';
import type { CSSProperties, ReactNode, RefObject } from 'react';

/** Pages with at least this many rows render only the rows in view. */
export const VIRTUAL_ROW_THRESHOLD = 1000;

interface VirtualRowsProps<T> {
  rows: readonly T[];
  scrollRef: RefObject<HTMLDivElement | null>;
  rowHeight: number;
  columnCount: number;
  renderRow: (row: T, index: number, style?: CSSProperties) => ReactNode;
}

/** Only the rows in view plus a few, with spacer rows standing in for the rest. */
export function VirtualRows<T>({ rows, scrollRef, rowHeight, columnCount, renderRow }: VirtualRowsProps<T>) {
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <>
      {before > 0 ? (
        <tr style={{ height: before }}>
          <td aria-hidden="true" colSpan={columnCount} />
        </tr>
      ) : null}
      {items.map((item) => renderRow(rows[item.index] as T, item.index, { height: rowHeight }))}
      {after > 0 ? (
        <tr style={{ height: after }}>
          <td aria-hidden="true" colSpan={columnCount} />
        </tr>
      ) : null}
    </>
  );
}
