/**
 * What the bytes of a file answer are, as the OpenAPI document names them. Schemas of their own
 * module, imported statically with `z` like every other: a declared call's loader that imported zod
 * itself with a dynamic import would make the build keep every export of zod, its 60 locales included.
 */
import { z } from 'zod';

export const csvFileSchema = z.string().describe('text/csv');
export const xlsxFileSchema = z.unknown().describe('.xlsx');
export const pdfFileSchema = z.unknown().describe('application/pdf');
export const jsonFileSchema = z.unknown().describe('application/json');
