import { type ChildCompany, SYSTEM_CALLS, type Where } from '@vap/contracts';
import { type Translate, useClient, useT } from '@vap/kernel';
import { Button, type Column, DataTable, Input, Tag, type TagTone } from '@vap/ui';
import { type FormEvent, useState } from 'react';

const STATUS_TONES: Record<number, TagTone> = { 0: 'default', 1: 'warning', 2: 'success', 3: 'danger' };

/**
 * The downstream companies of the company (spec §7.2 GET /children): customer companies the
 * vendor set under it, with their verification status and size. Read only (spec §6).
 */
export function ChildCompanies() {
  const t = useT('system');
  const tc = useT();
  // A verification status as the server sends it, any number (keys exist for 0–3): a key known at
  // run time only.
  const statusLabel = (status: number) => (tc as Translate)(`verify.status${status}`);
  const system = useClient(SYSTEM_CALLS);
  const [name, setName] = useState('');
  const [wheres, setWheres] = useState<Where[]>([]);
  const search = (event: FormEvent) => {
    event.preventDefault();
    const text = name.trim();
    setWheres(text ? [{ k: 'name', o: 'like', v: text }] : []);
  };
  const columns: Column<ChildCompany>[] = [
    { key: 'name', title: t('children.name'), kind: 'name', sortable: true },
    { key: 'title', title: t('children.companyTitle'), defaultHidden: true },
    {
      key: 'verify_status',
      title: t('children.status'),
      kind: 'state',
      render: (row) => (
        <Tag tone={STATUS_TONES[row.verify_status] ?? 'default'}>{statusLabel(row.verify_status)}</Tag>
      ),
      csv: (row) => statusLabel(row.verify_status),
    },
    { key: 'users', title: t('children.users'), kind: 'number' },
    { key: 'created_at', title: t('children.createdAt'), kind: 'date', sortable: true },
  ];
  return (
    <section aria-labelledby="child-companies" className="flex flex-col gap-3">
      <h2 id="child-companies" className="text-base font-medium text-ink">
        {t('children.title')}
      </h2>
      <form
        aria-label={t('children.filters')}
        className="flex flex-wrap items-center gap-3"
        onSubmit={search}
      >
        <Input
          type="search"
          aria-label={t('children.name')}
          placeholder={t('children.name')}
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          className="w-56"
        />
        <Button type="submit" variant="primary">
          {t('common.search')}
        </Button>
      </form>
      <DataTable
        id="system-children"
        label={t('children.title')}
        columns={columns}
        rowKey={(row) => row.id}
        filters={wheres}
        load={(query, signal) => system.children({ query }, { signal })}
        emptyText={t('children.empty')}
      />
    </section>
  );
}
