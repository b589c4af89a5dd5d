import '../../test-polyfills.js';
import { readFileSync } from 'node:fs';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endOfDay, startOfDay, subDays } from 'date-fns';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithUi } from '../../test-support.js';
import { FilterForm } from './filter-form.js';
import { type FilterField, textLimits, useFilters } from './use-filters.js';

afterEach(cleanup);

const SPEC = {
  phone: { like: z.string().trim().min(1).max(11).regex(/^\d+$/) },
  name: { like: z.string().trim().min(1).max(10) },
  role_id: { '=': z.number().int().min(0) },
  state: { '=': z.union([z.literal(0), z.literal(1)]) },
  color: { '=': z.enum(['red', 'blue']) },
  created_at: { between: z.tuple([z.string(), z.string()]) },
} as const;

const ROLE: FilterField<typeof SPEC> = {
  key: 'role_id',
  op: '=',
  kind: 'select',
  label: 'Role',
  placeholder: 'Any role',
  options: [
    { value: '0', label: 'Owner' },
    { value: '7', label: 'Clerk' },
  ],
};

/** A list's filters and, below them, the wheres they give as JSON. */
function Filters({
  fields,
  resettable,
}: {
  fields: readonly FilterField<typeof SPEC>[];
  resettable?: boolean;
}) {
  const filters = useFilters(SPEC, fields);
  return (
    <>
      <FilterForm label="Filters" filters={filters} resettable={resettable} />
      <output aria-label="wheres">{JSON.stringify(filters.wheres)}</output>
    </>
  );
}
const wheres = () => JSON.parse(screen.getByRole('status', { name: 'wheres' }).textContent ?? '');

const TEXTS: FilterField<typeof SPEC>[] = [
  { key: 'phone', op: 'like', kind: 'text', label: 'Phone', className: 'w-44' },
  { key: 'name', op: 'like', kind: 'text', label: 'Name' },
];

describe('the filters of @vap/ui', () => {
  it.each(['use-filters.ts', 'filter-form.tsx'])(
    '%s imports zod for its types only: the schemas come with the spec from the page, the first load stays free of zod',
    (file) => {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(source).not.toMatch(/^import (?!type )[^;]*from 'zod';$/m);
    },
  );
});

describe('textLimits', () => {
  it("reads a string schema's max length and whether it takes digits only", () => {
    expect(textLimits(SPEC.phone.like)).toEqual({ maxLength: 11, numeric: true });
    expect(textLimits(SPEC.name.like)).toEqual({ maxLength: 10, numeric: false });
    expect(textLimits(SPEC.role_id['='])).toEqual({ maxLength: undefined, numeric: false });
  });
});

describe('useFilters and FilterForm', () => {
  it("gives each text field the spec's limits: its max length, a numeric keyboard that drops non-digits", async () => {
    renderWithUi(<Filters fields={TEXTS} />);
    const phone = screen.getByRole('searchbox', { name: 'Phone' }) as HTMLInputElement;
    expect(phone.maxLength).toBe(11);
    expect(phone.inputMode).toBe('numeric');
    expect(phone.placeholder).toBe('Phone');
    expect(phone.className).toContain('w-44');
    await userEvent.type(phone, '13a8-00');
    expect(phone.value).toBe('13800');
    const name = screen.getByRole('searchbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.maxLength).toBe(10);
    expect(name.inputMode).toBe('');
  });

  it('searches on Enter with the trimmed texts, leaving empty fields out', async () => {
    renderWithUi(<Filters fields={TEXTS} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name' }), '  Ada ');
    expect(wheres()).toEqual([]);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Phone' }), '   {Enter}');
    expect(wheres()).toEqual([{ k: 'name', o: 'like', v: 'Ada' }]);
  });

  it("gives a select's choice as the schema wants it: a number for a number, the text for an enum", async () => {
    renderWithUi(
      <Filters
        fields={[
          ROLE,
          {
            key: 'color',
            op: '=',
            kind: 'select',
            label: 'Color',
            placeholder: 'Any color',
            options: [{ value: 'red', label: 'Red' }],
          },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Owner' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Color' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Red' }));
    expect(wheres()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(wheres()).toEqual([
      { k: 'role_id', o: '=', v: 0 },
      { k: 'color', o: '=', v: 'red' },
    ]);
  });

  it('applies an instant field as it changes, without what is still being typed', async () => {
    renderWithUi(
      <Filters
        fields={[
          {
            key: 'state',
            op: '=',
            kind: 'radio',
            label: 'State',
            instant: true,
            options: [
              { value: '', label: 'All' },
              { value: '1', label: 'Read' },
            ],
          },
          ...TEXTS,
        ]}
      />,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name' }), 'Ada');
    await userEvent.click(screen.getByRole('radio', { name: 'Read' }));
    expect(wheres()).toEqual([{ k: 'state', o: '=', v: 1 }]);
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(wheres()).toEqual([]);
  });

  it('gives a range of days as a between from the start of its first local day to the end of its last', async () => {
    renderWithUi(<Filters fields={[{ key: 'created_at', op: 'between', kind: 'days', label: 'Created' }]} />);
    await userEvent.click(screen.getByRole('button', { name: /Created/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const today = new Date();
    expect(wheres()).toEqual([
      {
        k: 'created_at',
        o: 'between',
        v: [startOfDay(subDays(today, 6)).toISOString(), endOfDay(today).toISOString()],
      },
    ]);
  });

  it('empties every field and searches without them on Reset', async () => {
    renderWithUi(<Filters fields={TEXTS} />);
    const name = screen.getByRole('searchbox', { name: 'Name' }) as HTMLInputElement;
    await userEvent.type(name, 'Ada{Enter}');
    expect(wheres()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(name.value).toBe('');
    expect(wheres()).toEqual([]);
  });

  it('has no Reset when told so, a form of one search', () => {
    renderWithUi(<Filters fields={TEXTS.slice(1)} resettable={false} />);
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
  });

  it('is a search landmark with Reset only when every field applies as it changes', () => {
    renderWithUi(<Filters fields={[{ ...ROLE, instant: true }]} />);
    // jsdom gives <search> no role yet: the element itself is the landmark.
    expect(document.querySelector('search')?.getAttribute('aria-label')).toBe('Filters');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeTruthy();
  });
});
