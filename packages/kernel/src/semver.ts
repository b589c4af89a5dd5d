/**
 * The small part of semver that plugin ranges need: `*`, `1`, `1.2`, `1.2.3`, `1.x`, `^…`, `~…`,
 * `>=`, `>`, `<=`, `<`, combined with spaces (all must hold). A comparator fixes only the parts
 * it names: `1.x` and `1` both mean "major 1".
 */
type Version = [number, number, number];

const COMPARATOR = /^(\^|~|>=|<=|>|<|=)?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/;

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function satisfiesOne(version: Version, comparator: string): boolean {
  if (comparator === '*' || comparator === 'x') return true;
  const match = COMPARATOR.exec(comparator);
  if (!match) throw new Error(`Unsupported version range "${comparator}"`);
  const [, op = '=', ...parts] = match;
  const named = parts.findIndex((part) => part === undefined || part === 'x' || part === '*');
  const fixed = named === -1 ? 3 : named;
  const base = parts.map((part) => Number(part) || 0) as Version;
  const cmp = compare(version, base);
  const samePrefix = (length: number) => version.slice(0, length).every((value, i) => value === base[i]);
  switch (op) {
    case '^': {
      // The first non-zero part (or the last named one) may not change.
      const locked = base[0] > 0 || fixed === 1 ? 1 : base[1] > 0 || fixed === 2 ? 2 : 3;
      return cmp >= 0 && samePrefix(locked);
    }
    case '~':
      return cmp >= 0 && samePrefix(Math.min(fixed, 2));
    case '>=':
      return cmp >= 0;
    case '>':
      return cmp > 0;
    case '<=':
      return cmp <= 0;
    case '<':
      return cmp < 0;
    default:
      return samePrefix(fixed);
  }
}

/** Whether `version` (x.y.z) satisfies `range`; an unreadable range throws. */
export function satisfies(version: string, range: string): boolean {
  const parsed = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!parsed) throw new Error(`Invalid version "${version}"`);
  const target = parsed.slice(1).map(Number) as Version;
  return range
    .trim()
    .split(/\s+/)
    .every((comparator) => satisfiesOne(target, comparator));
}
