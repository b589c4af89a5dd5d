import { type ClassValue, clsx } from 'clsx';

/*
 * A small stand-in for tailwind-merge, which cost 26.8 KB minified on the first load: a later utility
 * drops an earlier one of the same group under the same variants and important flag, with a table
 * that covers the utilities this code base uses. A utility the table does not know only drops its
 * exact duplicate, which never changes what is rendered; so do variants written in another order
 * (hover:focus: and focus:hover: are kept apart).
 */

/** Keyword utilities by group, as `prefix:value value …`; a group is named by its first utility. */
const KEYWORDS =
  ':block inline-block inline flex inline-flex grid inline-grid hidden contents flow-root table table-row table-cell,' +
  ':static fixed absolute relative sticky,:visible invisible collapse,:sr-only not-sr-only,' +
  ':truncate text-ellipsis text-clip,:underline overline line-through no-underline,' +
  ':uppercase lowercase capitalize normal-case,:italic not-italic,text-:xs sm base lg xl 2xl 3xl 4xl 5xl 6xl 7xl 8xl 9xl,' +
  'text-:left center right justify start end,text-:wrap nowrap balance pretty,' +
  'font-:thin extralight light normal medium semibold bold extrabold black,font-:sans serif mono,' +
  'border-:solid dashed dotted double hidden none,outline-:solid dashed dotted double hidden none,' +
  'flex-:row row-reverse col col-reverse,flex-:wrap wrap-reverse nowrap,' +
  'content-:normal center start end between around evenly baseline stretch,object-:contain cover fill none scale-down,' +
  'list-:disc decimal none,bg-:auto cover contain,bg-:center top bottom left right,break-:normal words all keep,' +
  'table-:auto fixed,space-x-:reverse,space-y-:reverse';

/** Prefixes that are their own group whatever the value ('text?': the value decides, see `typed`). */
const PREFIXES =
  'gap gap-x gap-y space-x space-y w h size min-w max-w min-h max-h inset inset-x inset-y top right bottom left start end ' +
  'z opacity order basis grow shrink flex overflow overflow-x overflow-y items justify justify-items justify-self self ' +
  'content place-content place-items place-self grid-cols grid-rows col-span row-span leading tracking whitespace align ' +
  'cursor pointer-events select transition duration ease delay animate translate translate-x translate-y translate-z ' +
  'rotate rotate-x rotate-y scale scale-x scale-y object aspect accent outline-offset underline-offset border-spacing ' +
  'rounded text? bg? font? shadow? text-shadow? drop-shadow? inset-shadow? ring? inset-ring? ring-offset? outline?';

/** The groups a later utility of a group overrides, as `group>group group …`. */
const OVERRIDES =
  'inset>inset-x inset-y start end top right bottom left;inset-x>start end right left;inset-y>top bottom;' +
  'flex>basis grow shrink;gap>gap-x gap-y;size>w h;overflow>overflow-x overflow-y;text-xs>leading;' +
  'translate>translate-x translate-y';

const groups = new Map<string, string>();
for (const list of KEYWORDS.split(',')) {
  const [prefix, values] = list.split(':') as [string, string];
  for (const value of values.split(' ')) groups.set(prefix + value, prefix + values.split(' ')[0]);
}
const prefixes = new Map(PREFIXES.split(' ').map((prefix) => [prefix.replace('?', ''), prefix]));
const overrides: Record<string, string[]> = {};
for (const rule of OVERRIDES.split(';')) {
  const [group, others] = rule.split('>') as [string, string];
  overrides[group] = others.split(' ');
}

// Padding, margin, border width and colour: the whole overrides every side, x overrides the
// inline sides s/e/r/l and y the block sides t/b.
const SIDES = ['-s', '-e', '-r', '-l', '-t', '-b', '-x', '-y'];
for (const [start, end = ''] of [
  ['p'],
  ['m'],
  ['scroll-p'],
  ['scroll-m'],
  ['border'],
  ['border', '-color'],
]) {
  const group = (side: string) => start + side + end;
  overrides[group('')] = SIDES.map(group);
  overrides[group('-x')] = SIDES.slice(0, 4).map(group);
  overrides[group('-y')] = SIDES.slice(4, 6).map(group);
  // px is the group p-x; border-x is border-x or border-x-color by its value.
  for (const side of ['', ...SIDES]) {
    if (start !== 'border') prefixes.set(start + side.slice(1), group(side));
    else prefixes.set(start + side, '?');
  }
}
// rounded overrides every side and corner. rounded-t is the corners tl and tr, rounded-s ss and es: a
// corner is in the side of its second letter and, for t and b, of its first.
const CORNERS = ['tl', 'tr', 'br', 'bl', 'ss', 'se', 'ee', 'es'];
overrides.rounded = [...'trblse', ...CORNERS].map((part) => `rounded-${part}`);
for (const group of overrides.rounded) prefixes.set(group, group);
for (const corner of CORNERS) {
  for (const side of new Set([corner[1], 'tb'.includes(corner[0] as string) ? corner[0] : corner[1]])) {
    const group = `rounded-${side}`;
    overrides[group] = [...(overrides[group] ?? []), `rounded-${corner}`];
  }
}

// Tailwind's palette (name-50 … name-950) and the theme's `--color-*` names (theme.css; cn.test.ts
// checks that they stay in step).
const COLOUR =
  /^(inherit|current|transparent|black|white|[a-z]+-\d+0|(primary|danger|success|warning|surface|canvas|line|ink|sidebar)(-[a-z]+)?)$/;

const LENGTH = /^\d*\.?\d+(%|[a-z]+)$|^0$|^(calc|min|max|clamp)\(/;
const SHADOW = /^(inset_)?-?[\d.]/;

/**
 * The group of a utility with a colour or a measure for value: `text-ink` is a colour, `text-[13px]` a
 * size and `text-[var(--x)]` a colour again, as tailwind-merge reads them. Keyword groups go by their
 * first utility: text-xs is the font size, font-thin the weight, bg-none the image.
 */
function typed(prefix: string, value: string): string | undefined {
  if (prefix === 'bg' && /^(\[url\(|\[?[a-z-]*gradient\(|linear|radial|conic|gradient)/.test(value))
    return 'bg-none';
  const arbitrary = /^[[(](.*)[\])]$/.exec(value)?.[1];
  if (arbitrary === undefined) {
    if (COLOUR.test(value)) return `${prefix}-color`;
    if (prefix.endsWith('shadow') || value === '' || /^\d+$/.test(value)) return prefix;
    return;
  }
  const label = /^([a-z-]+):/.exec(arbitrary)?.[1];
  if (prefix === 'font') return label === 'family-name' ? 'font-sans' : 'font-thin';
  if (label && label !== 'length' && label !== 'color') return `${prefix}-${label}`;
  const measure = label ? label === 'length' : (prefix.endsWith('shadow') ? SHADOW : LENGTH).test(arbitrary);
  return measure ? (prefix === 'text' ? 'text-xs' : prefix) : `${prefix}-color`;
}

function groupOf(utility: string): string {
  if (utility[0] === '[') return utility.split(':')[0] as string;
  let group = groups.get(utility);
  // The longest known prefix decides: rounded-t-md is rounded-t, rounded-md is rounded.
  for (let end = utility.length; !group && end > 0; end = utility.lastIndexOf('-', end - 1)) {
    const prefix = utility.slice(0, end);
    group = prefixes.get(prefix);
    if (group?.endsWith('?')) group = typed(prefix, utility.slice(end + 1)) ?? utility;
  }
  return group ?? utility;
}

/** Walks back from the last class, dropping each whose key a later class has taken. */
function merge(classes: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  for (const name of classes.split(/\s+/).reverse()) {
    if (!name) continue;
    // The variants end at the last colon outside brackets: data-[state=active]:, [&_svg]:.
    const [, variants = '', utility = ''] = /^((?:(?:[^:[(]|\[[^\]]*\]|\([^)]*\))*:)*)(.*)/.exec(name) ?? [];
    const important = /^!|!$/.test(utility) ? '!' : '';
    // -mb-px is in the group of mb-px, bg-black/20 in that of bg-black.
    const group = groupOf(utility.replace(/^!?-?|!$|\/(\[.*\]|\(.*\)|[\w.%-]*)!?$/g, ''));
    const key = variants + important;
    if (taken.has(key + group)) continue;
    for (const other of [group, ...(overrides[group] ?? [])]) taken.add(key + other);
    kept.push(name);
  }
  return kept.reverse().join(' ');
}

/** Joins class names, letting later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
