import { ChevronDown } from 'lucide-react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';
import { Button } from '../button.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../dropdown-menu.js';
import type { Column } from './columns.js';

export interface RowAction {
  label: string;
  onClick: () => void;
  /** Destructive (remove, delete, unbind): drawn in the danger colour. */
  danger?: boolean;
}

/** A row shows this many actions as buttons; with more, the rest are in its "more" menu. */
export const ROW_ACTIONS_SHOWN = 2;

/**
 * The link buttons of a table row; `false` entries are actions the user may not take on it. Up to
 * two show as buttons; beyond two, the first two do and the rest fold into a "more" menu (Radix:
 * opened with Enter, Space or the down arrow, walked with the arrows, closed with Escape), so that
 * the actions column stays narrow whatever a role may do.
 */
export function RowActions({ actions }: { actions: ReadonlyArray<RowAction | false> }) {
  const t = useUiT();
  const permitted = actions.filter((action): action is RowAction => action !== false);
  if (permitted.length === 0) return null;
  const folds = permitted.length > ROW_ACTIONS_SHOWN;
  const shown = folds ? permitted.slice(0, ROW_ACTIONS_SHOWN) : permitted;
  const folded = folds ? permitted.slice(ROW_ACTIONS_SHOWN) : [];
  return (
    <div className="flex items-center gap-2 whitespace-nowrap">
      {shown.map((action) => (
        <Button
          key={action.label}
          size="small"
          variant="link"
          className={cn('px-1', action.danger && 'text-danger')}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
      {folded.length > 0 ? (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button size="small" variant="link" className="gap-0.5 px-1" aria-label={t('data.moreActions')}>
              {t('data.more')}
              <ChevronDown aria-hidden="true" className="h-3.5 w-3.5" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {folded.map((action) => (
              <DropdownMenuItem
                key={action.label}
                className={cn(action.danger && 'text-danger data-[highlighted]:text-danger')}
                onSelect={action.onClick}
              >
                {action.label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </div>
  );
}

/**
 * A table's column of row actions: `actionsOf` gives a row's actions (`false` for one not
 * permitted), or null for a row that offers none.
 */
export function rowActionsColumn<T>(
  title: string,
  actionsOf: (row: T) => ReadonlyArray<RowAction | false> | null,
): Column<T> {
  return {
    key: 'actions',
    title,
    kind: 'actions',
    render: (row) => {
      const actions = actionsOf(row);
      return actions ? <RowActions actions={actions} /> : null;
    },
  };
}
