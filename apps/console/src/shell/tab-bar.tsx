import { TAB_CONTEXT_MENU_WIDTH_PX } from '@vap/contracts';
import { useKernel, useT, useTabs } from '@vap/kernel';
import type { TabView } from '@vap/kernel/host';
import {
  ContextMenu,
  ContextMenuContent,
  ContextMenuItem,
  ContextMenuSeparator,
  ContextMenuTrigger,
  cn,
  confirm,
} from '@vap/ui';
import { X } from 'lucide-react';
import { type MouseEvent, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';

const keysOf = (views: readonly TabView[]) => views.map((view) => view.key);

/** Compact entries, so that every label fits the menu's 105 px on one line. */
const itemClass = 'px-3 text-xs';

/**
 * The open views as tabs (spec §2.4): pinned tabs first and without a close button; a right-click
 * menu (105 px) with Refresh, Close, Close others, Close all; middle-click or Delete closes a tab.
 * Every operation is the kernel's tabs service; this bar only goes where it answers. Closing or
 * refreshing tabs whose page holds unsaved work (`useLeaveGuard`) asks first.
 */
export function TabBar() {
  const t = useT();
  const { tabs } = useKernel();
  const { views, activeKey } = useTabs();
  const navigate = useNavigate();
  const activeRef = useRef<HTMLAnchorElement>(null);
  const go = (target: string | null) => {
    if (target) navigate(target);
  };
  const labelOf = (view: TabView) => view.label ?? t(view.title, { defaultValue: view.title });
  /** Runs `then` once the user agrees to lose what these tabs' pages hold unsaved, if anything. */
  const leaving = (keys: readonly string[], then: () => string | null) => {
    const unsaved = tabs.unsaved(keys);
    if (unsaved.length === 0) return go(then());
    void confirm({
      title: t('tabs.unsavedTitle'),
      content: t('tabs.unsavedContent', { titles: unsaved.map(labelOf).join(', ') }),
      okText: t('tabs.discard'),
      cancelText: t('tabs.stay'),
      tone: 'danger',
    }).then((agreed) => {
      if (agreed) go(then());
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the active tab stays in sight whenever it changes, even with more tabs than room.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeKey]);

  if (views.length === 0) return null;
  return (
    <nav aria-label={t('tabs.label')} className="shrink-0 border-b border-line-soft bg-surface shadow-sm">
      <ul className="flex h-[34px] items-center gap-1 overflow-x-auto px-2">
        {views.map((view) => {
          const active = view.key === activeKey;
          const label = labelOf(view);
          const close = () => leaving([view.key], () => tabs.close(view.key));
          const others = views.filter((other) => other.key !== view.key).map((other) => other.key);
          return (
            <li key={view.key} className="shrink-0">
              <ContextMenu>
                <ContextMenuTrigger asChild>
                  <div
                    data-testid="tab"
                    data-affix={view.affix || undefined}
                    className={cn(
                      'flex h-[26px] items-center rounded-sm border text-xs',
                      active
                        ? 'border-primary bg-primary text-white'
                        : 'border-line bg-surface text-ink-soft hover:text-primary',
                    )}
                  >
                    <Link
                      ref={active ? activeRef : undefined}
                      to={view.fullPath}
                      aria-current={active ? 'page' : undefined}
                      className="flex h-full items-center gap-1.5 px-2 focus-visible:outline-2 focus-visible:outline-primary"
                      onMouseDown={(event: MouseEvent) => {
                        // No autoscroll on middle press: the release closes the tab.
                        if (event.button === 1) event.preventDefault();
                      }}
                      onAuxClick={(event: MouseEvent) => {
                        if (event.button !== 1) return;
                        event.preventDefault();
                        if (!view.affix) close();
                      }}
                      onKeyDown={(event) => {
                        if (event.key === 'Delete' && !view.affix) {
                          event.preventDefault();
                          close();
                        }
                      }}
                    >
                      {active ? <span aria-hidden="true" className="h-2 w-2 rounded-full bg-white" /> : null}
                      <span className="max-w-40 truncate">{label}</span>
                    </Link>
                    {view.affix ? null : (
                      <button
                        type="button"
                        aria-label={t('tabs.closeTab', { title: label })}
                        className="mr-1 flex h-4 w-4 items-center justify-center rounded-full hover:bg-black/20 focus-visible:outline-2 focus-visible:outline-primary"
                        onClick={close}
                      >
                        <X aria-hidden="true" className="h-3 w-3" />
                      </button>
                    )}
                  </div>
                </ContextMenuTrigger>
                <ContextMenuContent width={TAB_CONTEXT_MENU_WIDTH_PX}>
                  <ContextMenuItem
                    className={itemClass}
                    onSelect={() => leaving([view.key], () => tabs.refresh(view.key))}
                  >
                    {t('tabs.refresh')}
                  </ContextMenuItem>
                  <ContextMenuItem className={itemClass} disabled={view.affix} onSelect={close}>
                    {t('tabs.close')}
                  </ContextMenuItem>
                  <ContextMenuSeparator />
                  <ContextMenuItem
                    className={itemClass}
                    onSelect={() => leaving(others, () => tabs.closeOthers(view.key))}
                  >
                    {t('tabs.closeOthers')}
                  </ContextMenuItem>
                  <ContextMenuItem
                    className={itemClass}
                    onSelect={() => leaving(keysOf(views), () => tabs.closeAll())}
                  >
                    {t('tabs.closeAll')}
                  </ContextMenuItem>
                </ContextMenuContent>
              </ContextMenu>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
