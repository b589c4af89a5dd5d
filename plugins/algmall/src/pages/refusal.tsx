import type { ErrorCode } from '@vap/contracts';
import { ApiError, usePagePath } from '@vap/kernel';
import { Alert } from '@vap/ui';
import { Link } from 'react-router';

interface RefusalProps {
  error: unknown;
  /** The code of the refusal that has a way out (spec §8: balance insufficient → recharge; too few authorisations → buy). */
  code?: ErrorCode;
  /** The page of the way out, by its name in the server menu. */
  page?: string;
  /** The link's words. */
  action?: string;
  /** Following the link leaves the dialog: it closes. */
  onLeave: () => void;
}

/**
 * A change the server refused, in its words, inside the dialog that asked. The refusal `code`
 * leads to `page` when the user's menu has it (null otherwise: a link would lead nowhere).
 */
export function Refusal({ error, code, page, action, onLeave }: RefusalProps) {
  const path = usePagePath(page ?? '');
  const linked = code !== undefined && error instanceof ApiError && error.code === code;
  return (
    <Alert tone="error" className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>{error instanceof Error ? error.message : String(error)}</span>
      {linked && path ? (
        <Link
          to={path}
          onClick={onLeave}
          className="font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          {action}
        </Link>
      ) : null}
    </Alert>
  );
}
