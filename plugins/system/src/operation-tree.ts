/**
 * The interface permissions of an access key as a checkable tree: the open operations grouped by
 * their first tag (as api.json lists them), operations without a tag under a last group.
 */
import type { OpenOperation } from '@vap/contracts';
import type { TreeNode } from '@vap/ui';

export interface OperationTree {
  nodes: TreeNode[];
  /** The operation ids, i.e. the leaves: the only keys a key is given. */
  ids: ReadonlySet<string>;
}

/** Group keys start with `group:`, which no operation id does (`METHOD /path` or an operationId). */
const groupKey = (tag: string | undefined) => (tag === undefined ? 'group:' : `group:tag:${tag}`);

/** `GET /v1/pms/company/users · The company's users` (the summary when there is one). */
export function operationLabel(operation: OpenOperation): string {
  const call = `${operation.method.toUpperCase()} ${operation.path}`;
  return operation.summary ? `${call} · ${operation.summary}` : call;
}

export function operationTree(operations: readonly OpenOperation[], untaggedLabel: string): OperationTree {
  const groups = new Map<string | undefined, TreeNode[]>();
  for (const operation of operations) {
    const tag = operation.tags[0];
    const leaves = groups.get(tag) ?? [];
    leaves.push({ key: operation.id, label: operationLabel(operation) });
    groups.set(tag, leaves);
  }
  const named = [...groups].filter(([tag]) => tag !== undefined);
  const untagged = groups.get(undefined);
  const nodes: TreeNode[] = named.map(([tag, children]) => ({
    key: groupKey(tag),
    label: String(tag),
    children,
  }));
  if (untagged) nodes.push({ key: groupKey(undefined), label: untaggedLabel, children: untagged });
  return { nodes, ids: new Set(operations.map((operation) => operation.id)) };
}

/** The operation ids among the tree's checked keys, in tree order. */
export function operationsOfChecked(tree: OperationTree, checked: readonly string[]): string[] {
  return checked.filter((key) => tree.ids.has(key));
}
