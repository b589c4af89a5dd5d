import { useQueryClient } from '@tanstack/react-query';
import { type ConfigTemplate, TASK_CALLS } from '@vap/contracts';
import { useClient, useDateTime, useT } from '@vap/kernel';
import { CompactTable, confirmThen, message } from '@vap/ui';
import { useState } from 'react';
import { ConfigSummary } from './config-summary.js';
import { CONFIG_TEMPLATES_KEY, useConfigTemplates } from './config-template-query.js';
import { LibraryDialog } from './library-dialog.js';
import { RowLink } from './row-link.js';
import { TemplateFormDialog } from './template-form-dialog.js';

type Editing = { kind: 'create' } | { kind: 'edit'; template: ConfigTemplate } | null;

/**
 * The company's configuration templates (spec §1 configuration), for the role's `config` button:
 * each with its model (or every model) and what it sets; creating, changing and deleting one. A
 * task keeps what it applied, whatever becomes of its template.
 */
export function TemplatesDialog({ onClose }: { onClose: () => void }) {
  const t = useT('devices');
  const tasks = useClient(TASK_CALLS);
  const queryClient = useQueryClient();
  const templates = useConfigTemplates();
  const [editing, setEditing] = useState<Editing>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: CONFIG_TEMPLATES_KEY });

  const remove = async (template: ConfigTemplate) => {
    const done = await confirmThen(
      {
        title: t('templates.deleteTitle', { name: template.name }),
        content: t('templates.deleteContent'),
        okText: t('templates.delete'),
      },
      () => tasks.deleteConfigTemplate({ params: { id: template.id } }),
    );
    if (!done) return;
    message.success(t('templates.deleted', { name: template.name }));
    refresh();
  };

  return (
    <LibraryDialog
      words="templates"
      list={templates}
      addLabel={t('templates.add')}
      onAdd={() => setEditing({ kind: 'create' })}
      table={(items) => (
        <TemplateTable
          items={items}
          onEdit={(template) => setEditing({ kind: 'edit', template })}
          onDelete={(template) => void remove(template)}
        />
      )}
      onClose={onClose}
    >
      {editing ? (
        <TemplateFormDialog
          template={editing.kind === 'edit' ? editing.template : null}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </LibraryDialog>
  );
}

interface TemplateTableProps {
  items: readonly ConfigTemplate[];
  onEdit: (template: ConfigTemplate) => void;
  onDelete: (template: ConfigTemplate) => void;
}

function TemplateTable({ items, onEdit, onDelete }: TemplateTableProps) {
  const t = useT('devices');
  const dateTime = useDateTime();
  return (
    <CompactTable
      label={t('templates.title')}
      headers={[
        t('templates.name'),
        t('device.model'),
        t('templates.settings'),
        t('templates.updatedAt'),
        t('common.actions'),
      ]}
    >
      {items.map((item) => (
        <tr key={item.id} className="border-t border-line-soft align-top">
          <td className="px-3 py-1.5 text-ink">{item.name}</td>
          <td className="px-3 py-1.5 whitespace-nowrap text-ink">
            {item.model || <span className="text-ink-soft">{t('templates.everyModel')}</span>}
          </td>
          <td className="px-3 py-1.5">
            <ConfigSummary config={item.config} />
          </td>
          <td className="px-3 py-1.5 whitespace-nowrap text-ink">{dateTime(item.updated_at)}</td>
          <td className="px-3 py-1.5">
            <span className="flex gap-1">
              <RowLink name={t('templates.editNamed', { name: item.name })} onClick={() => onEdit(item)}>
                {t('templates.edit')}
              </RowLink>
              <RowLink
                danger
                name={t('templates.deleteNamed', { name: item.name })}
                onClick={() => onDelete(item)}
              >
                {t('templates.delete')}
              </RowLink>
            </span>
          </td>
        </tr>
      ))}
    </CompactTable>
  );
}
