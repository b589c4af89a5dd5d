/**
 * A checkable tree for permission trees (spec §6), following the WAI-ARIA tree pattern: one tab
 * stop, arrows move and open/close, Space checks. The check rules live in `tree-check.ts`.
 */
import { Check, ChevronRight, Minus } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';
import { Input } from '../input.js';
import { conductCheck, type TreeNode, toggleCheck, walk } from './tree-check.js';

export interface TreeCheckInfo {
  /** Parents with only some descendants checked (a role keeps them as ancestors). */
  halfChecked: string[];
  /** The node the user toggled and whether it is now checked. */
  node: TreeNode;
  checked: boolean;
}

export interface TreeProps {
  nodes: readonly TreeNode[];
  /** The tree's accessible name. */
  label: string;
  /** Shows a checkbox on every node. */
  checkable?: boolean;
  /** Controlled checked keys; a checked parent checks its whole subtree. */
  checkedKeys?: readonly string[];
  defaultCheckedKeys?: readonly string[];
  /** The settled checked keys after a toggle, in tree order, and the half-checked ones. */
  onCheck?: (checked: string[], info: TreeCheckInfo) => void;
  /** Controlled expanded keys. */
  expandedKeys?: readonly string[];
  /** Expanded at first; every parent when not given. */
  defaultExpandedKeys?: readonly string[];
  onExpand?: (expanded: string[]) => void;
  /** Shows a search box that filters nodes by label, keeping the ancestors of matches. */
  searchable?: boolean;
  searchPlaceholder?: string;
  className?: string;
}

interface VisibleItem {
  node: TreeNode;
  parent: string | undefined;
  level: number;
}

function parentKeys(nodes: readonly TreeNode[]): string[] {
  const keys: string[] = [];
  walk(nodes, (node) => {
    if (node.children?.length) keys.push(node.key);
  });
  return keys;
}

/**
 * Which nodes a search leaves: the matches, their descendants and their ancestors, plus the
 * ancestors to open so that every match shows. `undefined` when there is no search.
 */
function searchScope(nodes: readonly TreeNode[], search: string) {
  const term = search.trim().toLocaleLowerCase();
  if (!term) return undefined;
  const shown = new Set<string>();
  const open = new Set<string>();
  const visit = (node: TreeNode, ancestors: string[], inMatch: boolean): void => {
    const matches = inMatch || node.label.toLocaleLowerCase().includes(term);
    if (matches) {
      shown.add(node.key);
      for (const ancestor of ancestors) {
        shown.add(ancestor);
        open.add(ancestor);
      }
    }
    for (const child of node.children ?? []) visit(child, [...ancestors, node.key], matches);
  };
  for (const node of nodes) visit(node, [], false);
  return { shown, open };
}

export function Tree({
  nodes,
  label,
  checkable,
  checkedKeys,
  defaultCheckedKeys,
  onCheck,
  expandedKeys,
  defaultExpandedKeys,
  onExpand,
  searchable,
  searchPlaceholder,
  className,
}: TreeProps) {
  const t = useUiT();
  const baseId = useId();
  const [innerChecked, setInnerChecked] = useState<readonly string[]>(defaultCheckedKeys ?? []);
  const [innerExpanded, setInnerExpanded] = useState<readonly string[]>(
    () => defaultExpandedKeys ?? parentKeys(nodes),
  );
  const [search, setSearch] = useState('');
  const [focusedKey, setFocusedKey] = useState<string>();
  const itemRefs = useRef(new Map<string, HTMLDivElement>());
  const treeRef = useRef<HTMLDivElement>(null);

  const settled = useMemo(
    () => conductCheck(nodes, checkedKeys ?? innerChecked),
    [nodes, checkedKeys, innerChecked],
  );
  const checkedSet = new Set(settled.checked);
  const halfSet = new Set(settled.halfChecked);
  const expandedList = expandedKeys ?? innerExpanded;
  const scope = useMemo(() => searchScope(nodes, search), [nodes, search]);
  const expandedSet = new Set([...expandedList, ...(scope?.open ?? [])]);

  const idOf = useMemo(() => {
    const ids = new Map<string, string>();
    walk(nodes, (node) => ids.set(node.key, `${baseId}-${ids.size}`));
    return ids;
  }, [nodes, baseId]);

  const visible: VisibleItem[] = [];
  const collect = (list: readonly TreeNode[], parent: string | undefined, level: number) => {
    for (const node of list) {
      if (scope && !scope.shown.has(node.key)) continue;
      visible.push({ node, parent, level });
      if (node.children?.length && expandedSet.has(node.key)) collect(node.children, node.key, level + 1);
    }
  };
  collect(nodes, undefined, 1);
  const activeKey = visible.some((item) => item.node.key === focusedKey) ? focusedKey : visible[0]?.node.key;

  // Keyboard moves change the active item; focus follows it while focus is inside the tree.
  useEffect(() => {
    if (activeKey && treeRef.current?.contains(document.activeElement))
      itemRefs.current.get(activeKey)?.focus();
  }, [activeKey]);

  const setExpanded = (key: string, open: boolean) => {
    const next = open ? [...new Set([...expandedList, key])] : expandedList.filter((item) => item !== key);
    if (expandedKeys === undefined) setInnerExpanded(next);
    onExpand?.(next);
  };

  const toggleChecked = (node: TreeNode) => {
    if (!checkable || node.disabled) return;
    const check = !checkedSet.has(node.key);
    const result = toggleCheck(nodes, settled.checked, node.key, check);
    if (checkedKeys === undefined) setInnerChecked(result.checked);
    onCheck?.(result.checked, { halfChecked: result.halfChecked, node, checked: check });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys reach the focused item first and then bubble through its ancestors: handle them once.
    if (event.target !== event.currentTarget) return;
    const index = visible.findIndex((item) => item.node.key === activeKey);
    const item = visible[index];
    if (!item) return;
    const hasChildren = Boolean(item.node.children?.length);
    const open = hasChildren && expandedSet.has(item.node.key);
    const moveTo = (target: VisibleItem | undefined) => {
      if (target) setFocusedKey(target.node.key);
    };
    switch (event.key) {
      case 'ArrowDown':
        moveTo(visible[index + 1]);
        break;
      case 'ArrowUp':
        moveTo(visible[index - 1]);
        break;
      case 'Home':
        moveTo(visible[0]);
        break;
      case 'End':
        moveTo(visible[visible.length - 1]);
        break;
      case 'ArrowRight':
        if (hasChildren && !open) setExpanded(item.node.key, true);
        else if (open) moveTo(visible[index + 1]);
        break;
      case 'ArrowLeft':
        if (open) setExpanded(item.node.key, false);
        else moveTo(visible.find((candidate) => candidate.node.key === item.parent));
        break;
      case ' ':
        toggleChecked(item.node);
        break;
      case 'Enter':
        if (checkable) toggleChecked(item.node);
        else if (hasChildren) setExpanded(item.node.key, !open);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const renderNodes = (list: readonly TreeNode[], level: number): ReactNode[] => {
    const shown = scope ? list.filter((node) => scope.shown.has(node.key)) : list;
    return shown.map((node, index) => {
      const hasChildren = Boolean(node.children?.length);
      const open = hasChildren && expandedSet.has(node.key);
      const isChecked = checkedSet.has(node.key);
      const isHalf = halfSet.has(node.key);
      const labelId = idOf.get(node.key);
      return (
        <div
          key={node.key}
          ref={(element) => {
            if (element) itemRefs.current.set(node.key, element);
            else itemRefs.current.delete(node.key);
          }}
          role="treeitem"
          aria-labelledby={labelId}
          aria-level={level}
          aria-setsize={shown.length}
          aria-posinset={index + 1}
          aria-expanded={hasChildren ? open : undefined}
          aria-checked={checkable ? (isChecked ? true : isHalf ? 'mixed' : false) : undefined}
          aria-disabled={node.disabled || undefined}
          tabIndex={node.key === activeKey ? 0 : -1}
          className="outline-none [&:focus-visible>div]:outline-2 [&:focus-visible>div]:outline-primary"
          onFocus={(event) => {
            if (event.target === event.currentTarget) setFocusedKey(node.key);
          }}
          onKeyDown={onKeyDown}
          onClick={(event) => {
            event.stopPropagation();
            setFocusedKey(node.key);
            if (checkable) toggleChecked(node);
            else if (hasChildren) setExpanded(node.key, !open);
          }}
        >
          <div
            className={cn(
              'flex cursor-pointer items-center gap-1.5 rounded py-1 pr-2 text-sm text-ink hover:bg-canvas',
              node.disabled && 'cursor-not-allowed text-ink-faint',
            )}
            style={{ paddingLeft: (level - 1) * 20 + 4 }}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex h-4 w-4 items-center justify-center text-ink-faint',
                !hasChildren && 'invisible',
              )}
              onClick={(event) => {
                event.stopPropagation();
                setFocusedKey(node.key);
                if (hasChildren) setExpanded(node.key, !open);
              }}
            >
              <ChevronRight className={cn('h-3.5 w-3.5 transition-transform', open && 'rotate-90')} />
            </span>
            {checkable ? (
              <span
                aria-hidden="true"
                className={cn(
                  'flex h-4 w-4 shrink-0 items-center justify-center rounded-sm border',
                  isChecked || isHalf ? 'border-primary bg-primary text-white' : 'border-line bg-surface',
                  node.disabled && 'opacity-50',
                )}
              >
                {isChecked ? <Check className="h-3 w-3" /> : isHalf ? <Minus className="h-3 w-3" /> : null}
              </span>
            ) : null}
            <span id={labelId}>{node.label}</span>
          </div>
          {open ? (
            // biome-ignore lint/a11y/useSemanticElements: the tree pattern's children are a role=group, not a form fieldset.
            <div role="group">{renderNodes(node.children ?? [], level + 1)}</div>
          ) : null}
        </div>
      );
    });
  };

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {searchable ? (
        <Input
          type="search"
          aria-label={t('data.search')}
          placeholder={searchPlaceholder ?? t('data.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      ) : null}
      {visible.length === 0 && scope ? (
        <p className="px-2 py-4 text-center text-sm text-ink-faint">{t('data.noMatch')}</p>
      ) : null}
      <div ref={treeRef} role="tree" aria-label={label}>
        {renderNodes(nodes, 1)}
      </div>
    </div>
  );
}
