/**
 * The id of a row as a request names it. Every id column is PostgreSQL's `integer`: an id past its
 * range reached the database and answered 500 (int4 overflow), so each id a request carries — in a
 * body, a filter, a path or a form — is one of these schemas.
 */
import { z } from 'zod';

/** The largest id a row can have (PostgreSQL `integer`). */
export const ID_MAX = 2_147_483_647;

/** A row's id in JSON, with the message of a form field when the form has one. */
export const idOf = (message?: string) =>
  z
    .number(message ? { error: message } : undefined)
    .int(message)
    .min(1, message)
    .max(ID_MAX, message);

/** A row's id in a JSON body or a list filter. */
export const idSchema = idOf();

/** An id where 0 names something too: the owner's role, nobody, no group (`UNGROUPED`). */
export const idOrZeroSchema = z.number().int().min(0).max(ID_MAX);

/** A row's id as text: a path parameter, a query value, a multipart field. */
export const idTextSchema = z.coerce.number().int().min(1).max(ID_MAX);

/** The path parameters of a route on one row: `…/{id}`. */
export const idParamsSchema = z.object({ id: idTextSchema });
