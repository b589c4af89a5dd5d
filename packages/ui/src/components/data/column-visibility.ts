/**
 * Which columns of a table the user shows, remembered per table in localStorage under
 * `vap_table_columns:<id>`. Only the user's choices are stored (key → shown), so a column added
 * later still starts as its `defaultHidden` says.
 */
import { useCallback, useState } from 'react';

export const COLUMN_STORAGE_PREFIX = 'vap_table_columns:';

export interface VisibilityColumn {
  key: string;
  kind?: string;
  hideable?: boolean;
  defaultHidden?: boolean;
}

type Choices = Record<string, boolean>;

function readChoices(id: string): Choices {
  try {
    const raw = globalThis.localStorage?.getItem(COLUMN_STORAGE_PREFIX + id);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, shown]) => typeof shown === 'boolean'));
  } catch {
    // Storage can be blocked (private mode) or hold junk: fall back to the defaults.
    return {};
  }
}

function writeChoices(id: string, choices: Choices) {
  try {
    if (Object.keys(choices).length === 0) globalThis.localStorage?.removeItem(COLUMN_STORAGE_PREFIX + id);
    else globalThis.localStorage?.setItem(COLUMN_STORAGE_PREFIX + id, JSON.stringify(choices));
  } catch {
    // Not remembering is better than failing the table.
  }
}

/** Whether the column chooser offers to hide `column`: unless it says, any column but the row actions. */
export const isHideable = (column: VisibilityColumn): boolean => column.hideable ?? column.kind !== 'actions';

/** Whether `column` is shown under `choices`; a column that cannot be hidden always is. */
export function isColumnShown(column: VisibilityColumn, choices: Choices): boolean {
  if (!isHideable(column)) return true;
  return choices[column.key] ?? !column.defaultHidden;
}

/** The shown state of the table's columns, a setter that remembers, and a reset to defaults. */
export function useColumnVisibility(id: string) {
  const [choices, setChoices] = useState<Choices>(() => readChoices(id));
  const setShown = useCallback(
    (key: string, shown: boolean) => {
      setChoices((previous) => {
        const next = { ...previous, [key]: shown };
        writeChoices(id, next);
        return next;
      });
    },
    [id],
  );
  const reset = useCallback(() => {
    writeChoices(id, {});
    setChoices({});
  }, [id]);
  return { choices, setShown, reset };
}
