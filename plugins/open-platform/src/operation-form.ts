/**
 * The form of an open operation, generated from the OpenAPI document the server publishes
 * (`GET /webapi/api.json`, which the session holds): one field per path, query and header parameter,
 * and the request body broken into one field per property — a JSON body's, a multipart body's (a
 * file part from `format: binary`), a base64 string read from a file (`contentEncoding: base64` or
 * `format: byte`) — or kept whole as one JSON editor, or one file sent as the raw body. Then the
 * values typed become the exact request: the path with its parameters, the query and the body bytes
 * that are signed and sent.
 */

/** What a field takes and how the page shows it. */
export type FieldKind = 'text' | 'integer' | 'number' | 'boolean' | 'enum' | 'json' | 'file';

export type FieldPlace = 'path' | 'query' | 'header' | 'body';

export interface FormField {
  /** Unique in the form: `query.page`, `body.name`, `body` for a whole body. */
  key: string;
  /** The parameter's or property's name ('' for a whole body). */
  name: string;
  in: FieldPlace;
  kind: FieldKind;
  required: boolean;
  description: string;
  /** The choices of an enum. */
  options: string[];
  /** Shown as the field's placeholder. */
  example: string;
  /** A file field: sent as the file's bytes (multipart part or raw body) or as a base64 string. */
  encoding: 'binary' | 'base64' | null;
  minimum: number | null;
  maximum: number | null;
  maxLength: number | null;
}

export type BodyMode =
  /** No body. */
  | 'none'
  /** JSON, an object whose properties are fields. */
  | 'json-fields'
  /** JSON typed whole (an array, a union, an object without properties). */
  | 'json-whole'
  /** multipart/form-data, one part per field. */
  | 'multipart'
  /** One file's bytes as the body, with its media type. */
  | 'raw';

export interface OperationForm {
  method: string;
  /** As api.json lists it, relative to /webapi, with `{param}` placeholders. */
  path: string;
  fields: FormField[];
  body: BodyMode;
  /** The body's media type (`raw` bodies: the one api.json names). */
  contentType: string | null;
  bodyRequired: boolean;
  /** The operation's description in api.json (its filters and sort orders, for a list). */
  description: string;
}

/** Bounds of what the page reads and sends. */
export const LIMITS = {
  /** The longest text a field takes (a JSON body included). */
  textChars: 1_000_000,
  /** The largest file a field takes: the largest upload of the console (an offline-authorisation file). */
  fileBytes: 20 * 1024 * 1024,
  /** How deep `$ref`s and nested schemas are followed. */
  schemaDepth: 16,
} as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** `#/components/schemas/X` (and any local pointer) resolved in the document; depth-bounded. */
function resolve(document: Json, schema: unknown, depth = 0): Json {
  if (!isObject(schema) || depth > LIMITS.schemaDepth) return {};
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let target: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    const name = part.replace(/~1/g, '/').replace(/~0/g, '~');
    target = isObject(target) ? target[name] : undefined;
  }
  return resolve(document, target, depth + 1);
}

/** The schema without its `null` alternative (`anyOf: [X, {type: null}]`, `type: [X, 'null']`). */
function nonNull(document: Json, schema: Json, depth = 0): Json {
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(alternatives)) {
    const rest = alternatives.map((s) => resolve(document, s, depth + 1)).filter((s) => s.type !== 'null');
    if (rest.length === 1 && rest[0]) return nonNull(document, rest[0], depth + 1);
    return schema;
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== 'null');
    if (types.length === 1) return { ...schema, type: types[0] };
  }
  return schema;
}

function typeOf(schema: Json): string {
  return typeof schema.type === 'string' ? schema.type : '';
}

/** The kind of a scalar field from its schema; `json` when it is no scalar. */
function kindOf(schema: Json, place: FieldPlace): { kind: FieldKind; encoding: FormField['encoding'] } {
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string')) {
    return { kind: 'enum', encoding: null };
  }
  switch (typeOf(schema)) {
    case 'integer':
      return { kind: 'integer', encoding: null };
    case 'number':
      return { kind: 'number', encoding: null };
    case 'boolean':
      return { kind: 'boolean', encoding: null };
    case 'string':
      if (place === 'body' && schema.format === 'binary') return { kind: 'file', encoding: 'binary' };
      if (place === 'body' && (schema.contentEncoding === 'base64' || schema.format === 'byte')) {
        return { kind: 'file', encoding: 'base64' };
      }
      return { kind: 'text', encoding: null };
    default:
      // Parameters travel as text: a complex one (a base64 JSON `wheres`) is typed as text too.
      return { kind: place === 'body' ? 'json' : 'text', encoding: null };
  }
}

function fieldOf(
  document: Json,
  raw: unknown,
  facts: { key: string; name: string; in: FieldPlace; required: boolean; description?: unknown },
): FormField {
  const schema = nonNull(document, resolve(document, raw));
  const { kind, encoding } = kindOf(schema, facts.in);
  const example = schema.example ?? schema.default;
  return {
    key: facts.key,
    name: facts.name,
    in: facts.in,
    kind,
    encoding,
    required: facts.required,
    description: text(facts.description) || text(schema.description),
    options: kind === 'enum' ? (schema.enum as string[]) : [],
    example: example === undefined || isObject(example) ? '' : String(example),
    minimum: numberOrNull(schema.minimum),
    maximum: numberOrNull(schema.maximum),
    maxLength: numberOrNull(schema.maxLength),
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The operation `method path` of the document (its path as api.json lists it); null when absent. */
export function operationOf(document: unknown, method: string, path: string): Json | null {
  if (!isObject(document) || !isObject(document.paths)) return null;
  const item = document.paths[path];
  const lower = method.toLowerCase();
  if (!isObject(item) || !METHODS.includes(lower as (typeof METHODS)[number])) return null;
  const operation = item[lower];
  return isObject(operation) ? operation : null;
}

/** The form of `method path` generated from the document; null when the document lacks it. */
export function formOf(document: unknown, method: string, path: string): OperationForm | null {
  const operation = operationOf(document, method, path);
  if (!operation || !isObject(document)) return null;
  const item = (document.paths as Json)[path] as Json;
  const fields: FormField[] = [];
  const seen = new Set<string>();
  // Path-level parameters first, those of the operation override them.
  const parameters = [
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
    ...(Array.isArray(item.parameters) ? item.parameters : []),
  ];
  for (const raw of parameters) {
    const parameter = resolve(document, raw);
    const place = parameter.in;
    const name = text(parameter.name);
    if ((place !== 'path' && place !== 'query' && place !== 'header') || name === '') continue;
    const key = `${place}.${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fields.push(
      fieldOf(document, parameter.schema, {
        key,
        name,
        in: place,
        required: place === 'path' || parameter.required === true,
        description: parameter.description,
      }),
    );
  }
  // Every `{name}` of the path is a field, whether or not api.json lists it.
  for (const [, name = ''] of path.matchAll(/\{([^}]+)\}/g)) {
    const key = `path.${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fields.push(fieldOf(document, { type: 'string' }, { key, name, in: 'path', required: true }));
  }

  const requestBody = resolve(document, operation.requestBody);
  const content = isObject(requestBody.content) ? requestBody.content : {};
  const bodyRequired = requestBody.required === true;
  const types = Object.keys(content);
  const json = types.find((type) => /^application\/(.+\+)?json\b/.test(type));
  const multipart = types.find((type) => type.startsWith('multipart/form-data'));
  const chosen = json ?? multipart ?? types[0];
  const form = (body: BodyMode, contentType: string | null): OperationForm => ({
    method: method.toUpperCase(),
    path,
    fields,
    body,
    contentType,
    bodyRequired,
    description: text(operation.description),
  });
  if (chosen === undefined) return form('none', null);

  const schema = nonNull(document, resolve(document, (content[chosen] as Json | undefined)?.schema));
  const properties = isObject(schema.properties) ? schema.properties : null;
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  if ((chosen === json || chosen === multipart) && properties && Object.keys(properties).length > 0) {
    for (const [name, property] of Object.entries(properties)) {
      const field = fieldOf(document, property, {
        key: `body.${name}`,
        name,
        in: 'body',
        required: required.has(name),
      });
      // A multipart part is text or a file.
      fields.push(chosen === multipart && field.kind === 'json' ? { ...field, kind: 'text' } : field);
    }
    return form(chosen === json ? 'json-fields' : 'multipart', chosen);
  }
  if (chosen === json) {
    fields.push(
      fieldOf(document, { type: 'object' }, { key: 'body', name: '', in: 'body', required: bodyRequired }),
    );
    return form('json-whole', chosen);
  }
  fields.push({
    ...fieldOf(
      document,
      { type: 'string', format: 'binary' },
      {
        key: 'body',
        name: '',
        in: 'body',
        required: bodyRequired,
      },
    ),
  });
  return form(chosen === multipart ? 'multipart' : 'raw', chosen);
}

/** What the user typed or chose: text, a switch's state, a file. */
export type FieldValue = string | boolean | File | undefined;
export type FormValues = Record<string, FieldValue>;

/** Why a field's value cannot be sent (a message key of the plugin's `field` section). */
export type FieldError =
  | 'required'
  | 'integer'
  | 'number'
  | 'json'
  | 'tooLong'
  | 'tooLarge'
  | 'range'
  | 'option';

/** A request ready to sign: exactly what is sent. */
export interface BuiltRequest {
  method: string;
  /** The path as sent: `/webapi/…`, parameters encoded. */
  path: string;
  /** The query as sent, without `?`; '' for none. */
  query: string;
  /** The body bytes; null for none. */
  body: Uint8Array<ArrayBuffer> | null;
  /** Its `content-type`; null without a body. */
  contentType: string | null;
  /** A header parameter typed in the form. */
  headers: Record<string, string>;
}

export const API_BASE = '/webapi';

const encoder = new TextEncoder();

/** A file's bytes (a jsdom `File` has no `arrayBuffer`, a browser's has). */
function bytesOf(file: Blob): Promise<Uint8Array<ArrayBuffer>> {
  if (typeof file.arrayBuffer === 'function')
    return file.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((done, failed) => {
    const reader = new FileReader();
    reader.onload = () => done(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => failed(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

type Parsed =
  | { ok: true; value: unknown }
  | { ok: false; error: FieldError }
  | { ok: true; value: undefined };

/** A field's value as sent (JSON value, text of a parameter, file), or why it cannot be. */
function parse(field: FormField, raw: FieldValue): Parsed {
  if (field.kind === 'boolean') {
    const value =
      raw === true || raw === 'true' ? true : raw === false || raw === 'false' ? false : undefined;
    if (value === undefined) return field.required ? { ok: false, error: 'required' } : { ok: true, value };
    return { ok: true, value: field.in === 'body' ? value : String(value) };
  }
  if (field.kind === 'file') {
    if (!(raw instanceof Blob))
      return field.required ? { ok: false, error: 'required' } : { ok: true, value: undefined };
    return raw.size > LIMITS.fileBytes ? { ok: false, error: 'tooLarge' } : { ok: true, value: raw };
  }
  const value = typeof raw === 'string' ? raw : '';
  if (value.trim() === '')
    return field.required ? { ok: false, error: 'required' } : { ok: true, value: undefined };
  if (value.length > LIMITS.textChars || (field.maxLength !== null && value.length > field.maxLength)) {
    return { ok: false, error: 'tooLong' };
  }
  switch (field.kind) {
    case 'integer':
    case 'number': {
      const trimmed = value.trim();
      const number = Number(trimmed);
      if (
        field.kind === 'integer'
          ? !/^-?\d+$/.test(trimmed) || !Number.isSafeInteger(number)
          : !Number.isFinite(number)
      ) {
        return { ok: false, error: field.kind };
      }
      if (
        (field.minimum !== null && number < field.minimum) ||
        (field.maximum !== null && number > field.maximum)
      ) {
        return { ok: false, error: 'range' };
      }
      return { ok: true, value: field.in === 'body' ? number : trimmed };
    }
    case 'enum':
      return field.options.includes(value) ? { ok: true, value } : { ok: false, error: 'option' };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(value) };
      } catch {
        return { ok: false, error: 'json' };
      }
    default:
      return { ok: true, value };
  }
}

const quoted = (value: string) => value.replace(/["\\\r\n]/g, (char) => encodeURIComponent(char));

/** A multipart/form-data body of the parts, with a fresh boundary. */
async function multipartOf(
  parts: Array<[string, unknown]>,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const random = new Uint8Array(12);
  crypto.getRandomValues(random);
  const boundary = `----vap-${[...random].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  const chunks: Uint8Array[] = [];
  for (const [name, value] of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"`;
    if (value instanceof Blob) {
      const fileName = value instanceof File ? value.name : 'file';
      head += `; filename="${quoted(fileName)}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`;
      chunks.push(encoder.encode(head), await bytesOf(value), encoder.encode('\r\n'));
    } else {
      chunks.push(encoder.encode(`${head}\r\n\r\n${String(value)}\r\n`));
    }
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const bytes = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { bytes, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The request the values make, or the fields' errors. The JSON body holds the filled fields only
 * (numbers as numbers, a base64 field as the file's base64); a raw body is the file's bytes.
 */
export async function buildRequest(
  form: OperationForm,
  values: FormValues,
): Promise<{ request: BuiltRequest } | { errors: Record<string, FieldError> }> {
  const errors: Record<string, FieldError> = {};
  const parsed = new Map<string, unknown>();
  for (const field of form.fields) {
    const result = parse(field, values[field.key]);
    if (!result.ok) errors[field.key] = result.error;
    else if (result.value !== undefined) parsed.set(field.key, result.value);
  }
  if (Object.keys(errors).length > 0) return { errors };

  const path =
    API_BASE +
    form.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
      encodeURIComponent(String(parsed.get(`path.${name}`) ?? '')),
    );
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const field of form.fields) {
    const value = parsed.get(field.key);
    if (value === undefined) continue;
    if (field.in === 'query') query.append(field.name, String(value));
    if (field.in === 'header') headers[field.name.toLowerCase()] = String(value);
  }
  const request = (
    body: Uint8Array<ArrayBuffer> | null,
    contentType: string | null,
  ): { request: BuiltRequest } => ({
    request: { method: form.method, path, query: query.toString(), body, contentType, headers },
  });
  const bodyFields = form.fields.filter((field) => field.in === 'body' && parsed.has(field.key));

  switch (form.body) {
    case 'none':
      return request(null, null);
    case 'json-whole': {
      const value = parsed.get('body');
      return value === undefined
        ? request(null, null)
        : request(encoder.encode(JSON.stringify(value)), 'application/json');
    }
    case 'json-fields': {
      if (bodyFields.length === 0 && !form.bodyRequired) return request(null, null);
      const body: Record<string, unknown> = {};
      for (const field of bodyFields) {
        const value = parsed.get(field.key);
        body[field.name] =
          field.encoding === 'base64' && value instanceof Blob ? base64Of(await bytesOf(value)) : value;
      }
      return request(encoder.encode(JSON.stringify(body)), 'application/json');
    }
    case 'multipart': {
      if (bodyFields.length === 0 && !form.bodyRequired) return request(null, null);
      const { bytes, contentType } = await multipartOf(
        bodyFields.map((field) => [field.name || 'file', parsed.get(field.key)]),
      );
      return request(bytes, contentType);
    }
    case 'raw': {
      const file = parsed.get('body');
      if (!(file instanceof Blob)) return request(null, null);
      return request(await bytesOf(file), form.contentType ?? (file.type || 'application/octet-stream'));
    }
  }
}

/** The request's address relative to the console's origin: path and query. */
export const addressOf = (request: Pick<BuiltRequest, 'path' | 'query'>) =>
  request.query === '' ? request.path : `${request.path}?${request.query}`;
