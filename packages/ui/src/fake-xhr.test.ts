import { describe, expect, it } from 'vitest';
import { fakeXhr, type XhrReply } from './fake-xhr.js';

/** Sends `body` through a fake answering `reply`; resolves with what its listeners heard. */
function send(body: Blob | FormData, reply: XhrReply | Promise<XhrReply>) {
  const { FakeXhr, sent } = fakeXhr(() => reply);
  const xhr = new FakeXhr();
  const heard: string[] = [];
  xhr.upload.addEventListener('progress', (event) => heard.push(`${event.loaded}/${event.total}`));
  const settled = new Promise<void>((resolve) => {
    xhr.addEventListener('load', () => {
      heard.push(`load ${xhr.status} ${xhr.responseText} ${xhr.getResponseHeader('etag')}`);
      resolve();
    });
    xhr.addEventListener('error', () => {
      heard.push('error');
      resolve();
    });
  });
  xhr.open('PUT', '/store/part/1');
  xhr.setRequestHeader('Authorization', 'VAP-OSS token');
  xhr.send(body);
  return { sent, heard, settled };
}

describe('fakeXhr', () => {
  it("records a form's fields, file and order, reports half of it sent, then the reply", async () => {
    const form = new FormData();
    form.append('list', 'plate');
    form.append('file', new File(['abcdef'], 'plates.xlsx'));
    const { sent, heard, settled } = send(form, { status: 200, body: { rows: 2 } });
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/store/part/1',
        headers: { Authorization: 'VAP-OSS token' },
        fields: { list: 'plate' },
        names: ['list', 'file'],
        size: 11,
      }),
    ]);
    expect(sent[0]?.file?.name).toBe('plates.xlsx');
    await settled;
    expect(heard).toEqual(['5.5/11', '11/11', 'load 200 {"rows":2} null']);
  });

  it("answers a blob's PUT with its headers, by any case; a dropped one hears an error", async () => {
    const stored = send(new Blob(['12345678']), { status: 200, headers: { ETag: '"e1"' } });
    await stored.settled;
    expect(stored.sent[0]?.size).toBe(8);
    expect(stored.heard.at(-1)).toBe('load 200  "e1"');

    const dropped = send(new Blob(['1234']), 'drop');
    await dropped.settled;
    expect(dropped.heard).toEqual(['2/4', 'error']);
  });
});
