import type { Role } from '@vap/contracts';
import { useService, useSession } from '@vap/kernel';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type Editor, holderOf } from './holder.js';
import { SystemApiRef } from './refs.js';

export interface RolesState {
  /** Empty until loaded. */
  roles: Role[];
  loaded: boolean;
  reload: () => Promise<void>;
  editor: Editor;
  holder: ReturnType<typeof holderOf>;
}

/**
 * The company's roles and the signed-in editor's rights over them, read through the roles page's
 * call or the users page's (each page may be granted without the other). A failed load leaves the list
 * empty (the console already shows the server's message), so every role-dependent action stays hidden.
 */
export function useRoles(source: 'roles' | 'userRoleOptions'): RolesState {
  const api = useService(SystemApiRef);
  const { user } = useSession();
  const [roles, setRoles] = useState<Role[]>([]);
  const [loaded, setLoaded] = useState(false);
  const reload = useCallback(async () => {
    try {
      setRoles(await (source === 'roles' ? api.roles() : api.userRoleOptions()));
    } catch {
      setRoles([]);
    } finally {
      setLoaded(true);
    }
  }, [api, source]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const editorId = user?.id ?? 0;
  // Until user info is there, act as nobody: a role id no role has.
  const editorRole = user?.role_id ?? -1;
  const editor = useMemo(() => ({ id: editorId, role_id: editorRole }), [editorId, editorRole]);
  const holder = useMemo(() => holderOf(editor, roles), [editor, roles]);
  return { roles, loaded, reload, editor, holder };
}
