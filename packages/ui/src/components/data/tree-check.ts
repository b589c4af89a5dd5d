/**
 * Check logic of a checkable tree (spec §6 permission trees), pure so that it is tested alone.
 * Checking a node checks its whole subtree; a parent is checked when all its children are and
 * half-checked when only some are. Half-checked keys are reported apart, because a role keeps the
 * ancestors of its granted pages and buttons. Disabled nodes keep the state they were given:
 * checking a parent neither checks them nor anything below them.
 */

/** One node of a tree. `label` is also what the search filter matches. */
export interface TreeNode {
  key: string;
  label: string;
  children?: TreeNode[];
  disabled?: boolean;
}

export type CheckState = 'checked' | 'half' | 'none';

/** The settled state of a tree: checked and half-checked keys, each in tree order. */
export interface CheckResult {
  checked: string[];
  halfChecked: string[];
}

/**
 * Settles `keys` over the tree: a checked node checks its enabled subtree (top-down), then each
 * parent takes its state from its children (bottom-up).
 */
export function conductCheck(nodes: readonly TreeNode[], keys: Iterable<string>): CheckResult {
  const given = new Set(keys);
  const checked: string[] = [];
  const halfChecked: string[] = [];

  const visit = (node: TreeNode, inherited: boolean): CheckState => {
    const self = given.has(node.key) || (inherited && !node.disabled);
    const children = node.children ?? [];
    let state: CheckState;
    if (children.length === 0) {
      state = self ? 'checked' : 'none';
    } else {
      // A disabled node passes down only its own given state, never its parent's.
      const states = children.map((child) => [child, visit(child, self)] as const);
      const enabled = states.filter(([child]) => !child.disabled);
      if (enabled.length > 0 && enabled.every(([, childState]) => childState === 'checked'))
        state = 'checked';
      else if (enabled.length === 0 && self) state = 'checked';
      else if (states.some(([, childState]) => childState !== 'none')) state = 'half';
      else state = 'none';
    }
    if (state === 'checked') checked.push(node.key);
    else if (state === 'half') halfChecked.push(node.key);
    return state;
  };

  for (const node of nodes) visit(node, false);
  const order = treeOrder(nodes);
  const byOrder = (a: string, b: string) => (order.get(a) ?? 0) - (order.get(b) ?? 0);
  return { checked: checked.sort(byOrder), halfChecked: halfChecked.sort(byOrder) };
}

/** The tree after the user checks (`check` true) or unchecks the node `key`. */
export function toggleCheck(
  nodes: readonly TreeNode[],
  checkedKeys: Iterable<string>,
  key: string,
  check: boolean,
): CheckResult {
  const current = new Set(conductCheck(nodes, checkedKeys).checked);
  const path = findPath(nodes, key);
  if (!path) return conductCheck(nodes, current);
  const node = path[path.length - 1] as TreeNode;
  if (check) {
    current.add(key);
  } else {
    // The node, its enabled subtree and every ancestor (which was checked only through it) go.
    for (const descendant of enabledSubtree(node)) current.delete(descendant);
    for (const ancestor of path) current.delete(ancestor.key);
  }
  return conductCheck(nodes, current);
}

/**
 * Only the leaf keys of `keys`. A saved role lists its granted leaves together with their kept
 * ancestors; fed back as checked keys, an ancestor would check all its children, so a page loading
 * saved permissions passes them through this first.
 */
export function leafKeys(nodes: readonly TreeNode[], keys: Iterable<string>): string[] {
  const wanted = new Set(keys);
  const leaves: string[] = [];
  walk(nodes, (node) => {
    if (!node.children?.length && wanted.has(node.key)) leaves.push(node.key);
  });
  return leaves;
}

/** Calls `visit` on every node, depth first, parents before children. */
export function walk(
  nodes: readonly TreeNode[],
  visit: (node: TreeNode, parent: TreeNode | undefined) => void,
  parent?: TreeNode,
): void {
  for (const node of nodes) {
    visit(node, parent);
    if (node.children) walk(node.children, visit, node);
  }
}

/** The nodes from a root down to `key`, or undefined when the tree has no such key. */
export function findPath(nodes: readonly TreeNode[], key: string): TreeNode[] | undefined {
  for (const node of nodes) {
    if (node.key === key) return [node];
    const below = node.children ? findPath(node.children, key) : undefined;
    if (below) return [node, ...below];
  }
  return undefined;
}

function enabledSubtree(node: TreeNode): string[] {
  if (node.disabled) return [];
  return [node.key, ...(node.children ?? []).flatMap(enabledSubtree)];
}

function treeOrder(nodes: readonly TreeNode[]): Map<string, number> {
  const order = new Map<string, number>();
  walk(nodes, (node) => order.set(node.key, order.size));
  return order;
}
