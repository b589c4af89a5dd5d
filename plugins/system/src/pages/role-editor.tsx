import { type MenuItem, type Role, type RoleForm, roleFormSchema, SYSTEM_CALLS } from '@vap/contracts';
import { useClient, useSession, useT } from '@vap/kernel';
import { confirm, FormDialog, FormField, Input, message, Switch, Tree, useZodForm } from '@vap/ui';
import { useMemo } from 'react';
import { GroupPicker, groupIdsToSend } from '../device-groups.js';
import { checkedKeysOf, menusOfChecked, permissionTree } from '../permission-tree.js';
import { DRY_RUN } from '../use-roles.js';

interface RoleEditorProps {
  /** The role to edit; a new role when absent. */
  role?: Role;
  onClose: () => void;
  onSaved: () => void;
}

type RoleValues = {
  name: string;
  menus: Record<string, string[]>;
  is_access_all_group: boolean;
  group_ids: number[];
};

/**
 * Creates or edits a role (spec §3 role, §5.5, §6): a name, the permission tree of catalogs,
 * pages, links and buttons drawn from the editor's own menu, and group permissions. Saving a
 * change that narrows the role first asks, naming how many users it affects.
 */
export function RoleEditor({ role, onClose, onSaved }: RoleEditorProps) {
  const t = useT('system');
  const menuT = useT();
  const system = useClient(SYSTEM_CALLS);
  const { user } = useSession();
  const own = useMemo(() => (Array.isArray(user?.menus) ? (user.menus as MenuItem[]) : []), [user?.menus]);
  const tree = useMemo(
    () => permissionTree(own, (item) => menuT(item.title, { defaultValue: item.title }), t('roles.openPage')),
    [own, menuT, t],
  );
  const form = useZodForm(roleFormSchema, {
    defaultValues: {
      name: role?.name ?? '',
      menus: role?.menus ?? {},
      is_access_all_group: role?.is_access_all_group ?? false,
      group_ids: role?.group_ids ?? [],
    } satisfies RoleForm,
  });
  const allGroups = form.watch('is_access_all_group');
  const title = role ? t('roles.editTitle', { name: role.name }) : t('roles.addTitle');

  const save = async (entered: RoleValues) => {
    const values = { ...entered, group_ids: groupIdsToSend(entered) };
    try {
      if (!role) {
        await system.createRole({ body: values });
      } else {
        const dryRun = await system.updateRole({ params: { id: role.id }, body: values, query: DRY_RUN });
        if (dryRun.reduction) {
          const confirmed = await confirm({
            title: t('roles.reductionTitle'),
            content: t('roles.reductionContent', { count: dryRun.affected_users }),
            okText: t('roles.reductionOk'),
            tone: 'danger',
          });
          if (!confirmed) return;
        }
        await system.updateRole({ params: { id: role.id }, body: values });
      }
    } catch {
      // The console shows the server's message; the editor stays open with what was entered.
      return;
    }
    message.success(
      role ? t('roles.saved', { name: values.name }) : t('roles.created', { name: values.name }),
    );
    onSaved();
  };

  return (
    <FormDialog form={form} title={title} size="large" onSubmit={save} onClose={onClose}>
      <FormField
        name="name"
        label={t('roles.name')}
        required
        render={({ field }) => <Input {...field} maxLength={200} />}
      />
      <FormField
        name="menus"
        label={t('roles.menus')}
        required
        render={({ field }) => (
          <fieldset className="max-h-96 overflow-auto rounded border border-line p-2">
            <Tree
              label={t('roles.menus')}
              nodes={tree.nodes}
              checkable
              searchable
              searchPlaceholder={t('roles.searchMenus')}
              checkedKeys={checkedKeysOf(tree, field.value)}
              onCheck={(checked, info) => field.onChange(menusOfChecked(tree, checked, info.halfChecked))}
            />
          </fieldset>
        )}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm text-ink">{t('roles.groups')}</legend>
        <Switch
          checked={allGroups}
          onCheckedChange={(checked) => form.setValue('is_access_all_group', checked, { shouldDirty: true })}
        >
          {t('roles.allGroups')}
        </Switch>
        <FormField
          name="group_ids"
          label={t('roles.chooseGroups')}
          hint={allGroups ? t('groups.allChosen') : t('roles.chooseGroupsHint')}
          render={({ field }) => (
            <GroupPicker
              value={field.value ?? []}
              onChange={field.onChange}
              disabled={allGroups}
              {...(role ? { given: role.group_ids } : {})}
            />
          )}
        />
      </fieldset>
    </FormDialog>
  );
}
