import { type Role, SYSTEM_CALLS } from '@vap/contracts';
import { useClient, useSession } from '@vap/kernel';
import { useEffect, useMemo, useState } from 'react';
import { type Editor, holderOf } from './holder.js';

/** A role change's query that only asks what it would do: whether it narrows the role, and for whom. */
export const DRY_RUN = { dry_run: 'true' } as const;

/** The signed-in editor and their rights, given the company's roles (spec §6). */
export function useEditorRights(roles: readonly Role[]): {
  editor: Editor;
  holder: ReturnType<typeof holderOf>;
} {
  const { user } = useSession();
  const editorId = user?.id ?? 0;
  // Until user info is there, act as nobody: a role id no role has.
  const editorRole = user?.role_id ?? -1;
  const editor = useMemo(() => ({ id: editorId, role_id: editorRole }), [editorId, editorRole]);
  const holder = useMemo(() => holderOf(editor, roles), [editor, roles]);
  return { editor, holder };
}

/**
 * The company's roles through the users page's own call (a role may have the users page without
 * the roles page). A failed load leaves the list empty (the console already shows the server's
 * message), so every role-dependent action stays hidden.
 */
export function useRoleOptions(): { roles: Role[]; loaded: boolean } {
  const system = useClient(SYSTEM_CALLS);
  const [state, setState] = useState<{ roles: Role[]; loaded: boolean }>({ roles: [], loaded: false });
  useEffect(() => {
    let live = true;
    system
      .userRoleOptions()
      .then(({ items }) => items)
      .catch((): Role[] => [])
      .then((roles) => live && setState({ roles, loaded: true }));
    return () => {
      live = false;
    };
  }, [system]);
  return state;
}
