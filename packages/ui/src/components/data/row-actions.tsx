import { cn } from '../../cn.js';
import { Button } from '../button.js';

export interface RowAction {
  label: string;
  onClick: () => void;
  /** Destructive (remove, delete, unbind): drawn in the danger colour. */
  danger?: boolean;
}

/** The link buttons of a table row; `false` entries are actions the user may not take on it. */
export function RowActions({ actions }: { actions: ReadonlyArray<RowAction | false> }) {
  const shown = actions.filter((action): action is RowAction => action !== false);
  if (shown.length === 0) return null;
  return (
    <div className="flex gap-2">
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
    </div>
  );
}
