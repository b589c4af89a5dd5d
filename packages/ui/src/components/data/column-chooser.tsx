import * as Popover from '@radix-ui/react-popover';
import { Columns3 } from 'lucide-react';
import { useUiT } from '../../i18n.js';
import { Button } from '../button.js';
import { isColumnShown, isHideable, type VisibilityColumn } from './column-visibility.js';

export interface ColumnChooserProps {
  columns: readonly (VisibilityColumn & { title: string })[];
  choices: Record<string, boolean>;
  onShownChange: (key: string, shown: boolean) => void;
  onReset: () => void;
}

/** A popover of checkboxes, one per hideable column. The last shown column cannot be hidden. */
export function ColumnChooser({ columns, choices, onShownChange, onReset }: ColumnChooserProps) {
  const t = useUiT();
  const shownCount = columns.filter((column) => isColumnShown(column, choices)).length;
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="default">
          <Columns3 aria-hidden="true" className="h-4 w-4" />
          {t('data.columns')}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          aria-label={t('data.columns')}
          className="z-50 min-w-44 rounded-md border border-line-soft bg-surface p-2 shadow-md focus:outline-none"
        >
          <fieldset className="flex flex-col gap-1">
            <legend className="sr-only">{t('data.columns')}</legend>
            {columns.filter(isHideable).map((column) => {
              const shown = isColumnShown(column, choices);
              return (
                <label
                  key={column.key}
                  className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm text-ink hover:bg-primary-soft"
                >
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-primary"
                    checked={shown}
                    disabled={shown && shownCount <= 1}
                    onChange={(event) => onShownChange(column.key, event.target.checked)}
                  />
                  {column.title}
                </label>
              );
            })}
          </fieldset>
          <div className="mt-2 border-t border-line-soft pt-2">
            <Button variant="link" size="small" className="px-2" onClick={onReset}>
              {t('data.columnsReset')}
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
