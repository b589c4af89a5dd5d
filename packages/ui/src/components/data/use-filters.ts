import type { FilterOf, FilterSpec, WhereOperator } from '@vap/contracts';
import type { ReactNode } from 'react';
import { useState } from 'react';
// Type-only: the schemas come in with the spec from the page, so this entry never loads zod.
import type { z } from 'zod';
import { type DateRangeValue, wholeDays } from '../form/date-range-picker.js';

/** A choice of a select or radio field; `''` is the choice of no filter. */
export interface FilterOption {
  value: string;
  label: ReactNode;
}

interface FieldOf<S extends FilterSpec, K extends keyof S & string> {
  /** The spec's key: the `k` of the where this field gives. */
  key: K;
  /** The spec's operator for it: the `o`. */
  op: keyof S[K] & WhereOperator;
  /** Its accessible name (and a text's placeholder). */
  label: string;
  /** Its width, e.g. `w-44`. */
  className?: string;
  /** Applied as soon as it changes, without waiting for Search. */
  instant?: boolean;
}

/**
 * One field of a list's filter form: a text search, a select or radio of options (a select's
 * placeholder names its empty choice), or a range of whole days (an `between` of two instants).
 */
export type FilterField<S extends FilterSpec> = {
  [K in keyof S & string]:
    | (FieldOf<S, K> & { kind: 'text' })
    | (FieldOf<S, K> & { kind: 'select'; placeholder: string; options: readonly FilterOption[] })
    | (FieldOf<S, K> & { kind: 'radio'; options: readonly FilterOption[] })
    | (FieldOf<S, K> & { kind: 'days' });
}[keyof S & string];

/** What a text field may hold, as its spec's schema says. */
export interface TextLimits {
  maxLength?: number;
  /** Only digits: the field offers a numeric keyboard and drops anything else typed. */
  numeric: boolean;
}

type FieldValue = string | DateRangeValue | null;
type Values = Readonly<Record<string, FieldValue>>;

/** A field as the form renders it: its description, the value being typed and its setter. */
export type BoundFilterField<S extends FilterSpec> = FilterField<S> & {
  limits: TextLimits;
  value: FieldValue;
  set: (value: FieldValue) => void;
};

export interface Filters<S extends FilterSpec> {
  fields: readonly BoundFilterField<S>[];
  /** The searched values as the list's `wheres`: trimmed, empty fields left out, typed as the spec's schema wants. */
  wheres: FilterOf<S>[];
  /** Applies the values being typed (Search, Enter). */
  search: () => void;
  /** Empties every field and applies that (Reset). */
  reset: () => void;
}

const DIGITS = new Set(['^\\d+$', '^\\d*$', '^[0-9]+$', '^[0-9]*$']);

/** The limits a string schema declares: `.max()` as `maxLength`, a digits-only `.regex()` as numeric. */
export function textLimits(schema: z.ZodType | undefined): TextLimits {
  const read = schema as
    | { maxLength?: number | null; _zod: { def: { checks?: { _zod: { def: { pattern?: unknown } } }[] } } }
    | undefined;
  const patterns = (read?._zod.def.checks ?? []).map((check) => check._zod.def.pattern);
  return {
    maxLength: read?.maxLength ?? undefined,
    numeric: patterns.some((pattern) => pattern instanceof RegExp && DIGITS.has(pattern.source)),
  };
}

/** A typed or chosen text as its schema takes it: the text, or its number where the schema wants one. */
function valueFor(schema: z.ZodType, text: string): unknown {
  if (schema.safeParse(text).success) return text;
  const number = Number(text);
  return Number.isFinite(number) && schema.safeParse(number).success ? number : text;
}

const emptyOf = (field: FilterField<FilterSpec>): FieldValue => (field.kind === 'days' ? null : '');
const emptyValues = (fields: readonly FilterField<FilterSpec>[]): Values =>
  Object.fromEntries(fields.map((field) => [field.key, emptyOf(field)]));

function whereOf<S extends FilterSpec>(
  spec: S,
  field: FilterField<S>,
  value: FieldValue,
): FilterOf<S> | null {
  const schema = spec[field.key]?.[field.op] as z.ZodType | undefined;
  if (!schema || value === null) return null;
  const at = { k: field.key, o: field.op } as Pick<FilterOf<S>, 'k' | 'o'>;
  if (typeof value !== 'string') return { ...at, v: wholeDays(value) } as FilterOf<S>;
  const text = field.kind === 'text' ? value.trim() : value;
  return text === '' ? null : ({ ...at, v: valueFor(schema, text) } as FilterOf<S>);
}

/**
 * A list's filter form as values: `fields` say which of the spec's filters the form offers and how;
 * each field's limits are read from the spec's schema (declared once, in the contract), and the
 * searched values come out as the list's typed `wheres`, in the fields' order.
 */
export function useFilters<S extends FilterSpec>(spec: S, fields: readonly FilterField<S>[]): Filters<S> {
  const [draft, setDraft] = useState<Values>(() => emptyValues(fields));
  const [applied, setApplied] = useState<Values>(draft);
  const bound = fields.map((field) => {
    const limits = textLimits(spec[field.key]?.[field.op] as z.ZodType | undefined);
    const set = (value: FieldValue) => {
      const next = typeof value === 'string' && limits.numeric ? value.replace(/\D/g, '') : value;
      setDraft((previous) => ({ ...previous, [field.key]: next }));
      if (field.instant) setApplied((previous) => ({ ...previous, [field.key]: next }));
    };
    return { ...field, limits, value: draft[field.key] ?? emptyOf(field), set } as BoundFilterField<S>;
  });
  const wheres = fields.flatMap((field) => whereOf(spec, field, applied[field.key] ?? null) ?? []);
  return {
    fields: bound,
    wheres,
    search: () => setApplied(draft),
    reset: () => {
      const empty = emptyValues(fields);
      setDraft(empty);
      setApplied(empty);
    },
  };
}
