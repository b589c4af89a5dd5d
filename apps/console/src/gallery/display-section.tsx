import {
  Badge,
  Breadcrumb,
  Button,
  Descriptions,
  Dot,
  Empty,
  NoAccessResult,
  NotFoundResult,
  Result,
  Skeleton,
  Steps,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Tag,
  UnauthorizedResult,
} from '@vap/ui';
import { Bell, Plus } from 'lucide-react';
import { useState } from 'react';
import { Demo, Section } from './demo.js';
import { text } from './gallery-text.js';

const t = text.display;

export function DisplaySection() {
  const [tags, setTags] = useState([1, 2, 3]);
  const [loading, setLoading] = useState(true);
  const steps = [
    { title: t.stepCreate, description: t.stepCreateDesc },
    { title: t.stepBind, description: t.stepBindDesc },
    { title: t.stepActivate },
    { title: t.stepDone },
  ];
  return (
    <Section id="display">
      <Demo title={t.tabs}>
        <Tabs defaultValue="overview" className="w-full">
          <TabsList>
            <TabsTrigger value="overview">{t.tabOverview}</TabsTrigger>
            <TabsTrigger value="events">{t.tabEvents}</TabsTrigger>
            <TabsTrigger value="disabled" disabled>
              {t.tabDisabled}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="overview" className="text-sm text-ink">
            {t.tabOverviewBody}
          </TabsContent>
          <TabsContent value="events" className="text-sm text-ink">
            {t.tabEventsBody}
          </TabsContent>
        </Tabs>
      </Demo>
      <Demo title={t.tags}>
        <Tag>{t.tagDefault}</Tag>
        <Tag tone="primary">{t.tagPrimary}</Tag>
        <Tag tone="success">{t.tagSuccess}</Tag>
        <Tag tone="warning">{t.tagWarning}</Tag>
        <Tag tone="danger">{t.tagDanger}</Tag>
        {tags.map((tag) => (
          <Tag key={tag} tone="primary" closable onClose={() => setTags(tags.filter((item) => item !== tag))}>
            {`${t.tagClosable} ${tag}`}
          </Tag>
        ))}
      </Demo>
      <Demo title={t.badges}>
        <div className="flex items-center gap-6">
          <Badge count={5} label={`5 ${t.badgeUnread}`}>
            <Bell aria-hidden="true" className="h-6 w-6 text-ink-soft" />
          </Badge>
          <Badge count={120}>
            <Bell aria-hidden="true" className="h-6 w-6 text-ink-soft" />
          </Badge>
          <Badge dot>
            <Bell aria-hidden="true" className="h-6 w-6 text-ink-soft" />
          </Badge>
          <Badge count={0} showZero />
          <Badge count={8} />
          <Badge count={1000} max={999} />
        </div>
      </Demo>
      <Demo title={t.dots}>
        <Dot tone="success" label={t.dotOnline} showLabel />
        <Dot label={t.dotOffline} showLabel />
        <Dot tone="warning" label={t.dotWarning} showLabel />
        <Dot tone="danger" label={t.dotError} showLabel />
        <Dot tone="primary" label={t.dotPrimary} showLabel />
        <span className="inline-flex items-center gap-2 text-sm text-ink-soft">
          {t.dotNoLabel}
          <Dot tone="success" label={t.dotOnline} />
          <Dot tone="danger" label={t.dotError} />
        </span>
      </Demo>
      <Demo title={t.breadcrumb}>
        <Breadcrumb
          items={[
            { label: t.crumbHome, href: '#display' },
            { label: t.crumbDevices, onClick: () => undefined },
            { label: t.crumbDetail },
          ]}
        />
      </Demo>
      <Demo title={t.descriptions}>
        <div className="flex w-full flex-col gap-6">
          <Descriptions
            title={t.descTitle}
            items={[
              { label: text.table.name, value: 'Gate camera' },
              { label: text.table.serial, value: '1234567890132000001' },
              { label: text.table.status, value: <Dot tone="success" label={t.dotOnline} showLabel /> },
              { label: text.table.firmware, value: '' },
              { label: text.table.model, value: 'IPC-4K', span: 2 },
            ]}
          />
          <Descriptions
            bordered
            columns={2}
            items={[
              { label: text.table.name, value: 'Gate camera' },
              { label: text.table.serial, value: '1234567890132000001' },
              { label: text.table.lastOnline, value: '2026-11-20 08:30', span: 2 },
            ]}
          />
        </div>
      </Demo>
      <Demo title={t.steps}>
        <div className="flex w-full flex-col gap-6">
          <Steps items={steps} current={1} />
          <Steps items={steps} current={2} status="error" />
          <Steps items={steps} current={1} direction="vertical" />
        </div>
      </Demo>
      <Demo title={t.empty}>
        <Empty className="w-64 rounded border border-line-soft" />
        <Empty
          className="w-64 rounded border border-line-soft"
          description={t.emptyCustom}
          action={
            <Button variant="primary" size="small">
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t.emptyAction}
            </Button>
          }
        />
      </Demo>
      <Demo title={t.skeleton}>
        <div className="flex w-full flex-col gap-4">
          <Button size="small" className="self-start" onClick={() => setLoading((value) => !value)}>
            {t.skeletonToggle}
          </Button>
          <Skeleton loading={loading}>
            <p className="text-sm text-ink">{t.skeletonLoaded}</p>
          </Skeleton>
          <Skeleton avatar lines={2} />
          <Skeleton block={80} />
        </div>
      </Demo>
      <Demo title={t.results}>
        <div className="grid w-full grid-cols-1 gap-4 lg:grid-cols-2">
          <NotFoundResult className="rounded border border-line-soft" />
          <UnauthorizedResult className="rounded border border-line-soft" />
          <NoAccessResult className="rounded border border-line-soft" />
          <Result
            status="error"
            title={t.resultError}
            subtitle={t.resultErrorSub}
            extra={<Button variant="primary">{t.retry}</Button>}
            className="rounded border border-line-soft"
          />
          <Result status="info" title={t.resultInfo} className="rounded border border-line-soft" />
        </div>
      </Demo>
    </Section>
  );
}
