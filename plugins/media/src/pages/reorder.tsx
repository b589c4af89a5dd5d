import { useT } from '@vap/kernel';
import { Button } from '@vap/ui';
import { type DragEvent, useState } from 'react';

/**
 * Reordering a list by dragging one entry onto another (HTML drag and drop): the props of each
 * entry, by its place, and the place of the entry being dragged (to dim it).
 */
export function useDragReorder(move: (from: number, to: number) => void, enabled = true) {
  const [dragged, setDragged] = useState<number | null>(null);
  const entryProps = (index: number) => ({
    draggable: enabled,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      setDragged(index);
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(index));
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (dragged !== null) event.preventDefault();
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      if (dragged === null) return;
      event.preventDefault();
      move(dragged, index);
      setDragged(null);
    },
    onDragEnd: () => setDragged(null),
  });
  return { dragged, entryProps };
}

/** The keyboard's way to reorder: an entry's move up and move down buttons (item `index + 1` of `count`). */
export function MoveButtons({
  index,
  count,
  move,
}: {
  index: number;
  count: number;
  move: (from: number, to: number) => void;
}) {
  const t = useT('media');
  return (
    <>
      <Button
        size="small"
        disabled={index === 0}
        aria-label={t('design.moveUp', { index: index + 1 })}
        onClick={() => move(index, index - 1)}
      >
        ↑
      </Button>
      <Button
        size="small"
        disabled={index === count - 1}
        aria-label={t('design.moveDown', { index: index + 1 })}
        onClick={() => move(index, index + 1)}
      >
        ↓
      </Button>
    </>
  );
}
