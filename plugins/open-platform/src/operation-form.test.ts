// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildRequest, formOf, LIMITS, type OperationForm } from './operation-form.js';

/** A document shaped as the server's api.json: zod schemas turned JSON schema by the type provider. */
const document = {
  openapi: '3.0.3',
  info: { title: 'VAP platform API', version: '1' },
  components: {
    schemas: {
      Rename: {
        type: 'object',
        properties: {
          name: { type: 'string', maxLength: 8 },
          remark: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        },
        required: ['name'],
      },
    },
  },
  paths: {
    '/v1/pms/company/users': {
      get: {
        parameters: [
          { in: 'query', name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } },
          {
            in: 'query',
            name: 'size',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 100 },
          },
          { in: 'query', name: 'status', required: false, schema: { type: 'string', enum: ['on', 'off'] } },
          { in: 'query', name: 'all', required: false, schema: { type: 'boolean' } },
        ],
      },
    },
    '/v1/dms/company/devices/{id}': {
      patch: {
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Rename' } } },
        },
      },
      delete: {},
    },
    '/v1/dms/company/devices/bind': {
      post: {
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'array', items: { type: 'object' } },
            },
          },
        },
      },
    },
    '/v1/prs/recognize': {
      post: {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { image: { type: 'string', format: 'binary' }, region: { type: 'string' } },
                required: ['image'],
              },
            },
          },
        },
      },
    },
    '/v1/prs/recognize-base64': {
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { image: { type: 'string', contentEncoding: 'base64' }, top: { type: 'number' } },
                required: ['image'],
              },
            },
          },
        },
      },
    },
    '/v1/raw': {
      put: { requestBody: { required: true, content: { 'image/png': { schema: { type: 'string' } } } } },
    },
  },
};

const form = (method: string, path: string): OperationForm => {
  const made = formOf(document, method, path);
  if (!made) throw new Error(`no form for ${method} ${path}`);
  return made;
};
const text = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes));
const built = async (f: OperationForm, values: Parameters<typeof buildRequest>[1]) => {
  const result = await buildRequest(f, values);
  if ('errors' in result) throw new Error(JSON.stringify(result.errors));
  return result.request;
};

describe('the form of an operation, from its schema in api.json', () => {
  it('has a field per query parameter, of the kind its schema says, with its bounds and example', () => {
    const users = form('GET', '/v1/pms/company/users');
    expect(users.body).toBe('none');
    expect(users.fields.map((field) => [field.key, field.kind, field.required])).toEqual([
      ['query.page', 'integer', false],
      ['query.size', 'integer', false],
      ['query.status', 'enum', false],
      ['query.all', 'boolean', false],
    ]);
    expect(users.fields[0]).toMatchObject({ minimum: 1, example: '1' });
    expect(users.fields[1]).toMatchObject({ maximum: 100 });
    expect(users.fields[2]?.options).toEqual(['on', 'off']);
  });

  it("breaks a JSON body into its properties' fields, following $ref and dropping a null alternative", () => {
    const rename = form('patch', '/v1/dms/company/devices/{id}');
    expect(rename.body).toBe('json-fields');
    expect(rename.fields.map((field) => [field.key, field.kind, field.required])).toEqual([
      ['path.id', 'integer', true],
      ['body.name', 'text', true],
      ['body.remark', 'text', false],
    ]);
    expect(rename.fields[1]?.maxLength).toBe(8);
  });

  it('keeps a body with no properties whole, as one JSON field', () => {
    const bind = form('POST', '/v1/dms/company/devices/bind');
    expect(bind.body).toBe('json-whole');
    expect(bind.fields).toMatchObject([{ key: 'body', kind: 'json', required: false }]);
  });

  it('takes a file for a multipart binary part, a base64 string and a raw body', () => {
    const multipart = form('POST', '/v1/prs/recognize');
    expect(multipart.body).toBe('multipart');
    expect(multipart.fields).toMatchObject([
      { key: 'body.image', kind: 'file', encoding: 'binary', required: true },
      { key: 'body.region', kind: 'text', required: false },
    ]);
    expect(form('POST', '/v1/prs/recognize-base64').fields[0]).toMatchObject({
      kind: 'file',
      encoding: 'base64',
    });
    const raw = form('PUT', '/v1/raw');
    expect(raw).toMatchObject({ body: 'raw', contentType: 'image/png' });
    expect(raw.fields).toMatchObject([{ key: 'body', kind: 'file', required: true }]);
  });

  it('has no form for an operation the document lacks', () => {
    expect(formOf(document, 'GET', '/v1/nowhere')).toBeNull();
    expect(formOf(null, 'GET', '/v1/pms/company/users')).toBeNull();
    expect(formOf({ paths: { '/x': { get: 'no' } } }, 'GET', '/x')).toBeNull();
  });

  it('survives a $ref that loops', () => {
    const looping = {
      components: { schemas: { A: { $ref: '#/components/schemas/A' } } },
      paths: {
        '/a': {
          post: {
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } },
          },
        },
      },
    };
    expect(formOf(looping, 'POST', '/a')?.body).toBe('json-whole');
  });
});

describe('the request the filled form makes', () => {
  it('puts the filled query parameters in the query, leaving out the empty ones', async () => {
    const request = await built(form('GET', '/v1/pms/company/users'), {
      'query.page': '2',
      'query.size': '',
      'query.status': 'on',
      'query.all': 'false',
    });
    expect(request).toMatchObject({ method: 'GET', path: '/webapi/v1/pms/company/users', body: null });
    expect(request.query).toBe('page=2&status=on&all=false');
  });

  it('encodes path parameters and sends the JSON body with numbers as numbers and without empty fields', async () => {
    const request = await built(form('PATCH', '/v1/dms/company/devices/{id}'), {
      'path.id': '42',
      'body.name': 'Gate 1',
      'body.remark': '',
    });
    expect(request.path).toBe('/webapi/v1/dms/company/devices/42');
    expect(request.contentType).toBe('application/json');
    expect(text(request.body)).toBe('{"name":"Gate 1"}');
  });

  it('answers why fields cannot be sent: missing, not a whole number, out of range, too long, bad JSON', async () => {
    expect(
      await buildRequest(form('PATCH', '/v1/dms/company/devices/{id}'), {
        'path.id': '4.2',
        'body.name': 'x'.repeat(9),
      }),
    ).toEqual({
      errors: { 'path.id': 'integer', 'body.name': 'tooLong' },
    });
    expect(await buildRequest(form('PATCH', '/v1/dms/company/devices/{id}'), {})).toEqual({
      errors: { 'path.id': 'required', 'body.name': 'required' },
    });
    expect(
      await buildRequest(form('GET', '/v1/pms/company/users'), { 'query.size': '101', 'query.status': 'x' }),
    ).toEqual({
      errors: { 'query.size': 'range', 'query.status': 'option' },
    });
    expect(await buildRequest(form('POST', '/v1/dms/company/devices/bind'), { body: '[{' })).toEqual({
      errors: { body: 'json' },
    });
    expect(
      await buildRequest(form('POST', '/v1/dms/company/devices/bind'), {
        body: `${' '.repeat(LIMITS.textChars)}[]`,
      }),
    ).toEqual({ errors: { body: 'tooLong' } });
  });

  it('sends a whole JSON body as typed, re-serialised', async () => {
    const request = await built(form('POST', '/v1/dms/company/devices/bind'), { body: '[ {"sn": "A1"} ]' });
    expect(text(request.body)).toBe('[{"sn":"A1"}]');
  });

  it('sends an image as a multipart part with its name, type and bytes', async () => {
    const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'plate.png', { type: 'image/png' });
    const request = await built(form('POST', '/v1/prs/recognize'), {
      'body.image': image,
      'body.region': 'zj',
    });
    const boundary = request.contentType?.match(/^multipart\/form-data; boundary=(.+)$/)?.[1];
    expect(boundary).toBeTruthy();
    const body = new TextDecoder('latin1').decode(request.body ?? new Uint8Array());
    expect(body).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="plate.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="region"\r\n\r\nzj\r\n--${boundary}--\r\n`,
    );
    // The server's multipart reader takes the same bytes as the browser's own FormData would give.
    const parsed = await new Response(request.body, {
      headers: { 'content-type': request.contentType ?? '' },
    }).formData();
    expect(parsed.get('region')).toBe('zj');
    expect(new Uint8Array(await (parsed.get('image') as File).arrayBuffer())).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    );
  });

  it('sends an image as base64 in a JSON body, and refuses a file over the size limit', async () => {
    const image = new File([new Uint8Array([1, 2, 3])], 'a.jpg', { type: 'image/jpeg' });
    const request = await built(form('POST', '/v1/prs/recognize-base64'), {
      'body.image': image,
      'body.top': '0.5',
    });
    expect(text(request.body)).toBe('{"image":"AQID","top":0.5}');
    const huge = new File([new Uint8Array(LIMITS.fileBytes + 1)], 'huge.jpg');
    expect(await buildRequest(form('POST', '/v1/prs/recognize-base64'), { 'body.image': huge })).toEqual({
      errors: { 'body.image': 'tooLarge' },
    });
  });

  it('sends a raw body as the file bytes with the media type api.json names', async () => {
    const request = await built(form('PUT', '/v1/raw'), {
      body: new File([new Uint8Array([7, 8])], 'x.png'),
    });
    expect(request).toMatchObject({ contentType: 'image/png', body: new Uint8Array([7, 8]) });
  });
});
