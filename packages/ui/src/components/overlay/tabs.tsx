import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type SyntheticEvent,
  useContext,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { cn } from '../../cn.js';

// Hand-written (WAI-ARIA tabs pattern) rather than Radix: the sign-in page uses tabs, and Radix's
// roving-focus and collection packages weighed more than the rest of the page's first load budget
// allows.

type Orientation = 'horizontal' | 'vertical';

interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
  orientation: Orientation;
  activationMode: 'automatic' | 'manual';
  /** Id of the tab that takes the tab stop when the selected tab cannot (none selected, or disabled). */
  fallback: string | undefined;
  setFallback: (id: string | undefined) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('TabsList, TabsTrigger and TabsContent must be inside Tabs');
  return state;
}

export interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  orientation?: Orientation;
  /** `automatic`: a tab is selected as the arrow keys reach it; `manual`: only by Enter, Space or click. */
  activationMode?: 'automatic' | 'manual';
}

/**
 * Tabs within a page: tablist/tab/tabpanel roles, one tab stop (the selected tab), arrow keys move
 * between tabs (Up/Down when vertical), Home/End jump to the ends, disabled tabs are skipped.
 * Only the selected panel is mounted.
 */
export function Tabs({
  value,
  defaultValue = '',
  onValueChange,
  orientation = 'horizontal',
  activationMode = 'automatic',
  className,
  ...props
}: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue);
  const [fallback, setFallback] = useState<string>();
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext
      value={{ baseId, value: current, select, orientation, activationMode, fallback, setFallback }}
    >
      <div
        data-orientation={orientation}
        className={cn('flex flex-col gap-4 data-[orientation=vertical]:flex-row', className)}
        {...props}
      />
    </TabsContext>
  );
}

export function TabsList({ className, ref, ...props }: ComponentProps<'div'>) {
  const { orientation, setFallback } = useTabs();
  const list = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => list.current as HTMLDivElement);
  // After every render, since which tabs exist and which are disabled is only known from the DOM.
  useLayoutEffect(() => {
    const tabs = enabledTabs(list.current);
    setFallback(tabs.some((tab) => tab.getAttribute('aria-selected') === 'true') ? undefined : tabs[0]?.id);
  });
  return (
    <div
      ref={list}
      role="tablist"
      aria-orientation={orientation}
      data-orientation={orientation}
      className={cn(
        'flex gap-6 border-b border-line-soft',
        'data-[orientation=vertical]:flex-col data-[orientation=vertical]:gap-0 data-[orientation=vertical]:border-r data-[orientation=vertical]:border-b-0',
        className,
      )}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends ComponentProps<'button'> {
  value: string;
}

export function TabsTrigger({
  value,
  disabled,
  className,
  onClick,
  onFocus,
  onKeyDown,
  ...props
}: TabsTriggerProps) {
  const tabs = useTabs();
  const selected = value === tabs.value;
  const id = tabId(tabs.baseId, value);
  return (
    <button
      type="button"
      role="tab"
      id={id}
      aria-selected={selected}
      aria-controls={panelId(tabs.baseId, value)}
      tabIndex={(selected && !disabled) || tabs.fallback === id ? 0 : -1}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation={tabs.orientation}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      className={cn(
        '-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-1 py-2 text-sm text-ink-soft transition-colors',
        'hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        'data-[state=active]:border-primary data-[state=active]:font-medium data-[state=active]:text-primary',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'data-[orientation=vertical]:-mr-px data-[orientation=vertical]:mb-0 data-[orientation=vertical]:border-r-2 data-[orientation=vertical]:border-b-0 data-[orientation=vertical]:px-4',
        className,
      )}
      {...props}
      // Click also covers Enter and Space (native button), and screen readers' activation.
      onClick={compose(onClick, () => tabs.select(value))}
      onFocus={compose(onFocus, () => {
        if (tabs.activationMode === 'automatic') tabs.select(value);
      })}
      onKeyDown={compose(onKeyDown, (event) => moveFocus(event, tabs.orientation))}
    />
  );
}

export interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
}

export function TabsContent({ value, className, ...props }: TabsContentProps) {
  const tabs = useTabs();
  if (value !== tabs.value) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={tabId(tabs.baseId, value)}
      // The panel itself is focusable, for panels with no focusable content (as the pattern advises).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
      tabIndex={0}
      data-state="active"
      data-orientation={tabs.orientation}
      className={cn(
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        className,
      )}
      {...props}
    />
  );
}

const tabId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-content-${value}`;

function enabledTabs(list: Element | null): HTMLElement[] {
  return list ? [...list.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled])')] : [];
}

/** Arrow keys go to the next or previous enabled tab (wrapping), Home and End to the first and last. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>, orientation: Orientation) {
  // Modified arrows belong to the browser (Alt+Left is Back).
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const tabs = enabledTabs(event.currentTarget.closest('[role="tablist"]'));
  const at = tabs.indexOf(event.currentTarget);
  const last = tabs.length - 1;
  const next = orientation === 'vertical' ? 'ArrowDown' : 'ArrowRight';
  const previous = orientation === 'vertical' ? 'ArrowUp' : 'ArrowLeft';
  let to = -1;
  if (event.key === 'Home') to = 0;
  else if (event.key === 'End') to = last;
  else if (event.key === next) to = (at + 1) % tabs.length;
  else if (event.key === previous) to = at < 1 ? last : at - 1;
  if (to < 0) return;
  event.preventDefault();
  // Focusing a tab selects it in automatic mode (see onFocus).
  tabs[to]?.focus();
}

/** Runs the caller's handler first; it can call preventDefault() to skip ours. */
function compose<E extends SyntheticEvent>(
  theirs: ((event: E) => void) | undefined,
  ours: (event: E) => void,
) {
  return (event: E) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}
