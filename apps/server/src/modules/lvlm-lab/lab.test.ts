/**
 * The detection lab end to end (issue 31): uploads through the route, detections through the `openai`
 * package against a local fake of an OpenAI-compatible chat API started here, and the daily trials.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LVLM_LAB_PATHS } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../core/db/schema.js';
import { addAccount, addMember, jpegOf, multipart, pngOf } from '../../testing/accounts.js';
import { bearer, createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { createProductionTestApp } from '../../testing/production-app.js';
import { OpenAiEngine } from './engine.js';
import { IMAGES_KEPT, LabImages } from './images.js';
import { lvlmLabImages } from './schema.js';

interface ChatRequest {
  model: string;
  messages: {
    role: string;
    content: string | { type: string; text?: string; image_url?: { url: string } }[];
  }[];
}

/** A fake of an OpenAI-compatible API: POST /v1/chat/completions answers what `reply` says. */
class FakeChatApi {
  server: Server;
  requests: { body: ChatRequest; authorization: string | undefined }[] = [];
  reply: (request: ChatRequest) => { status?: number; content?: string; delayMs?: number } = () => ({
    content: '[]',
  });

  constructor() {
    this.server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"no route"}}');
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
        this.requests.push({ body, authorization: req.headers.authorization });
        const { status = 200, content = '[]', delayMs = 0 } = this.reply(body);
        setTimeout(() => {
          if (res.destroyed) return;
          if (status !== 200) {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: { message: 'engine trouble', type: 'server_error' } }));
            return;
          }
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              id: 'chatcmpl-1',
              object: 'chat.completion',
              created: 1,
              model: body.model,
              choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
            }),
          );
        }, delayMs);
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

const upload = (t: TestApp, token: string, file: Buffer, filename = 'street.png') => {
  const form = multipart({}, file, undefined, filename);
  return t.app.inject({
    method: 'POST',
    url: `/webapi${LVLM_LAB_PATHS.images}`,
    headers: { ...bearer(token), 'content-type': form.contentType, 'accept-language': 'en' },
    payload: form.body,
  });
};

const detect = (t: TestApp, token: string, body: object, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/webapi${LVLM_LAB_PATHS.detections}`,
    headers: { ...bearer(token), 'accept-language': language },
    payload: body,
  });

const trials = async (t: TestApp, token: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/webapi${LVLM_LAB_PATHS.trials}`, headers: bearer(token) })
  ).json<{ limit: number; remaining: number }>();

describe.each(ENGINES)('the detection lab (issue 31) on %s', (engine) => {
  const fake = new FakeChatApi();
  let t: TestApp;
  let token: string;
  let imageId: string;
  /** The demo company, the signed-in owner's. */
  let companyId: number;

  beforeAll(async () => {
    const baseUrl = await fake.start();
    t = await createTestApp(engine, {
      lvlmLab: {
        engine: new OpenAiEngine({
          baseUrl,
          model: 'qwen-vl-test',
          apiKey: 'sk-test',
          space: 'normalized_1000',
          timeoutMs: 1000,
        }),
        dailyTrials: 3,
      },
    });
    token = await t.signIn();
    const uploaded = await upload(t, token, pngOf(200, 100));
    expect(uploaded.statusCode).toBe(201);
    imageId = uploaded.json<{ id: string }>().id;
    const [kept] = await t.database.db
      .select({ companyId: lvlmLabImages.companyId })
      .from(lvlmLabImages)
      .where(eq(lvlmLabImages.id, imageId));
    companyId = kept?.companyId ?? -1;
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });
  afterEach(async () => {
    fake.reply = () => ({ content: '[]' });
    fake.requests = [];
    await t.database.db.execute(`delete from rate_limits where key like 'lvlm-lab:%'`);
  });

  it('keeps an uploaded PNG or JPEG with its size, read from its content', async () => {
    const png = await upload(t, token, pngOf(200, 100));
    expect(png.json()).toMatchObject({ width: 200, height: 100 });
    // A JPEG whatever its name says.
    const jpeg = await upload(t, token, jpegOf(2048, 640, 480), 'photo.png');
    expect(jpeg.statusCode).toBe(201);
    expect(jpeg.json()).toMatchObject({ width: 640, height: 480 });
  });

  it('sends the image as a data URL in an image_url part, with the model and key, and draws the boxes normalised', async () => {
    fake.reply = () => ({
      content:
        '```json\n[{"label": "person", "box": [100, 200, 300, 600]}, {"label": "car", "bbox_2d": [500, 500, 1000, 1000]}]\n```',
    });
    const answer = await detect(t, token, { image_id: imageId, preset: 'person' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      detections: [
        { label: 'person', box: { x: 0.1, y: 0.2, w: 0.2, h: 0.4 } },
        { label: 'car', box: { x: 0.5, y: 0.5, w: 0.5, h: 0.5 } },
      ],
      text: expect.stringContaining('"person"'),
      trials: { limit: 3, remaining: 2 },
    });
    const [sent] = fake.requests;
    expect(sent?.authorization).toBe('Bearer sk-test');
    expect(sent?.body.model).toBe('qwen-vl-test');
    const user = sent?.body.messages.find((message) => message.role === 'user');
    const parts = Array.isArray(user?.content) ? user.content : [];
    const image = parts.find((part) => part.type === 'image_url');
    expect(image?.image_url?.url).toBe(`data:image/png;base64,${pngOf(200, 100).toString('base64')}`);
    expect(parts.find((part) => part.type === 'text')?.text).toMatch(/person/i);
    const system = sent?.body.messages.find((message) => message.role === 'system');
    expect(system?.content).toMatch(/JSON list.*0 to 1000/s);
  });

  it('asks a question in words as typed', async () => {
    const answer = await detect(t, token, { image_id: imageId, question: 'where are the red cars?' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ detections: [], text: '[]' });
    const user = fake.requests[0]?.body.messages.find((message) => message.role === 'user');
    expect(JSON.stringify(user?.content)).toContain('where are the red cars?');
  });

  it('refuses a body with both a preset and a question, neither, or a question over 200 characters', async () => {
    for (const body of [
      { image_id: imageId, preset: 'person', question: 'cars' },
      { image_id: imageId },
      { image_id: imageId, question: 'x'.repeat(201) },
      { image_id: imageId, preset: 'dragons' },
    ]) {
      expect((await detect(t, token, body)).statusCode).toBe(400);
    }
    expect(fake.requests).toEqual([]);
  });

  it('answers a malformed answer with detection_unreadable and gives the trial back', async () => {
    fake.reply = () => ({ content: 'I think there are two cars, roughly in the middle.' });
    const answer = await detect(t, token, { image_id: imageId, preset: 'vehicle' });
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toMatchObject({ code: 'detection_unreadable' });
    expect(await trials(t, token)).toEqual({ limit: 3, remaining: 3 });
  });

  it('answers an engine that fails or times out with detection_failed and gives the trial back', async () => {
    fake.reply = () => ({ status: 500 });
    const failed = await detect(t, token, { image_id: imageId, preset: 'person' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'detection_failed' });
    // Slower than the engine's 1 s timeout.
    fake.reply = () => ({ content: '[]', delayMs: 2000 });
    const slow = await detect(t, token, { image_id: imageId, preset: 'person' });
    expect(slow.statusCode).toBe(502);
    expect(slow.json()).toMatchObject({ code: 'detection_failed' });
    expect(await trials(t, token)).toEqual({ limit: 3, remaining: 3 });
  });

  it('refuses a detection past the day\'s trials with §8 "today\'s trial count used up", in each language', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await detect(t, token, { image_id: imageId, preset: 'person' })).statusCode).toBe(200);
    }
    const refused = await detect(t, token, { image_id: imageId, preset: 'person' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'trial_used_up', message: "Today's trial count is used up" });
    const zh = await detect(t, token, { image_id: imageId, preset: 'person' }, 'zh-CN');
    expect(zh.json()).toMatchObject({ message: '今日试用次数已用完' });
    expect(fake.requests).toHaveLength(3);
    expect(await trials(t, token)).toEqual({ limit: 3, remaining: 0 });
  });

  it('never passes the day’s trials under concurrent detections', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => detect(t, token, { image_id: imageId, preset: 'helmet' })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
  });

  it('refuses an image over 2M (file_too_large), not PNG or JPEG (file_type_invalid), or over 5000×5000 (image_resolution_too_large)', async () => {
    const large = await upload(t, token, jpegOf(2 * 1024 * 1024 + 1, 100, 100), 'large.jpg');
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({
      code: 'file_too_large',
      message: 'File too large',
    });
    const gif = await upload(t, token, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'a.png');
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toMatchObject({ code: 'file_type_invalid' });
    const wide = await upload(t, token, jpegOf(1024, 5001, 100), 'wide.jpg');
    expect(wide.statusCode).toBe(400);
    expect(wide.json()).toMatchObject({ code: 'image_resolution_too_large' });
    const edge = await upload(t, token, jpegOf(1024, 5000, 5000), 'edge.jpg');
    expect(edge.statusCode).toBe(201);
  });

  it('refuses a body announced over the limit before reading it', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: `/webapi${LVLM_LAB_PATHS.images}`,
      headers: {
        ...bearer(token),
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(3 * 1024 * 1024),
      },
      payload: Buffer.alloc(10),
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'file_too_large' });
  });

  it("does not detect in another company's image, nor an unknown one (404), and uses no trial", async () => {
    const other = await addAccount(t, { company: 'own' });
    await t.database.db
      .update(companies)
      .set({ lvlmLab: 0 })
      .where(eq(companies.id, other.companyId ?? 0));
    const refused = await detect(t, other.token, { image_id: imageId, preset: 'person' });
    expect(refused.statusCode).toBe(404);
    expect(
      (await detect(t, token, { image_id: '00000000-0000-4000-8000-000000000000', preset: 'person' }))
        .statusCode,
    ).toBe(404);
    expect(fake.requests).toEqual([]);
  });

  it('refuses every call of a company whose product flag lvlm_lab is off (403 product_disabled)', async () => {
    await t.database.db.update(companies).set({ lvlmLab: 1 }).where(eq(companies.id, companyId));
    try {
      const refused = await detect(t, token, { image_id: imageId, preset: 'person' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'product_disabled' });
      expect((await upload(t, token, pngOf())).statusCode).toBe(403);
    } finally {
      await t.database.db.update(companies).set({ lvlmLab: 0 }).where(eq(companies.id, companyId));
    }
  });

  it("checks each of the page's buttons against the role: upload uploads, detect detects", async () => {
    const uploader = await addMember(t, companyId, { algmall_detect_lab: ['upload'] });
    const detector = await addMember(t, companyId, { algmall_detect_lab: ['detect'] });
    expect((await upload(t, uploader.token, pngOf())).statusCode).toBe(201);
    expect((await detect(t, uploader.token, { image_id: imageId, preset: 'person' })).statusCode).toBe(403);
    expect((await upload(t, detector.token, pngOf())).statusCode).toBe(403);
    expect((await detect(t, detector.token, { image_id: imageId, preset: 'person' })).statusCode).toBe(200);
    expect(await trials(t, detector.token)).toEqual({ limit: 3, remaining: 2 });
  });

  it('keeps a few images a company: an upload past them deletes its oldest', async () => {
    for (let i = 0; i < IMAGES_KEPT + 2; i++)
      expect((await upload(t, token, pngOf(8 + i, 8))).statusCode).toBe(201);
    expect(await new LabImages(t.database.db).count(companyId)).toBe(IMAGES_KEPT);
    // The first image, the oldest, is gone.
    expect((await detect(t, token, { image_id: imageId, preset: 'person' })).statusCode).toBe(404);
    imageId = (await upload(t, token, pngOf(200, 100))).json<{ id: string }>().id;
  });
});

describe('the development engine (issue 31)', () => {
  it('answers stable made-up boxes without any network where development providers are allowed', async () => {
    const t = await createTestApp('pglite');
    try {
      const token = await t.signIn();
      const id = (await upload(t, token, pngOf(64, 64))).json<{ id: string }>().id;
      const first = await detect(t, token, { image_id: id, preset: 'person' });
      expect(first.statusCode).toBe(200);
      const boxes = first.json<{ detections: unknown[] }>().detections;
      expect(boxes.length).toBeGreaterThan(0);
      expect((await detect(t, token, { image_id: id, preset: 'person' })).json()).toMatchObject({
        detections: boxes,
      });
    } finally {
      await t.close();
    }
  });

  it('is refused in production (development providers refused): a detection answers 503 detection_unavailable and uses no trial', async () => {
    const t = await createProductionTestApp();
    try {
      const token = await t.signIn();
      const id = (await upload(t, token, pngOf(64, 64))).json<{ id: string }>().id;
      const refused = await detect(t, token, { image_id: id, preset: 'person' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'detection_unavailable' });
      expect(await trials(t, token)).toEqual({ limit: 20, remaining: 20 });
    } finally {
      await t.close();
    }
  });
});
