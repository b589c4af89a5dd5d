import { useQueryClient } from '@tanstack/react-query';
import { type ConfigTemplate, TASK_CALLS } from '@vap/contracts';
import { useClient, useDateTime, useT } from '@vap/kernel';
import { Button, CompactTable, confirmThen, Dialog, Empty, message, Skeleton } from '@vap/ui';
import { type ReactNode, useState } from 'react';
import { ConfigSummary } from './config-summary.js';
import { CONFIG_TEMPLATES_KEY, useConfigTemplates } from './config-template-query.js';
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

  let body: ReactNode;
  if (templates.isPending) body = <Skeleton lines={4} />;
  else if (templates.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-danger">
        <span>{templates.error.message || t('templates.loadFailed')}</span>
        <Button size="small" onClick={() => void templates.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (templates.data.length === 0) body = <Empty description={t('templates.empty')} />;
  else {
    body = (
      <TemplateTable
        items={templates.data}
        onEdit={(template) => setEditing({ kind: 'edit', template })}
        onDelete={(template) => void remove(template)}
      />
    );
  }

  return (
    <Dialog
      onClose={onClose}
      title={t('templates.title')}
      size="large"
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-ink-soft">{t('templates.intro')}</p>
          <Button variant="primary" onClick={() => setEditing({ kind: 'create' })}>
            {t('templates.add')}
          </Button>
        </div>
        {body}
      </div>
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
    </Dialog>
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
