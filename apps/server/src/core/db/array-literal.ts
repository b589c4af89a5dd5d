/**
 * A PostgreSQL array literal of texts, NULL for null: one statement parameter carries a whole
 * column, so that a many-row insert (`select * from unnest($1::text[], $2::int[], …)`) costs the
 * same few parameters whatever its row count. Both drivers pass it as text; the cast in the SQL
 * gives each column its type.
 */
export const arrayLiteral = (values: readonly (string | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
