/**
 * The recognition engines against local far ends: Alibaba Cloud OCR through its SDK (its vehicle
 * classes mapped onto the 28 plate types, colour unknown, the box kept as four corners) and the
 * vendor's own engine over its JSON protocol; the development engine reads a plate of any image
 * large enough to hold one, and none of a smaller one.
 */
import { PLATE_TYPES } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { pngOf } from '../../testing/accounts.js';
import { farEndSuite } from '../../testing/far-end.js';
import {
  ALIYUN_CLASSES,
  AliyunPlateEngine,
  DevPlateEngine,
  HttpPlateEngine,
  type PlateImage,
  platesOfAliyunData,
} from './engines.js';
import { readImage } from './recognition.js';

const far = farEndSuite();

const image = (width = 640, height = 480): PlateImage => readImage(pngOf(width, height).toString('base64'));

const aliyunPlate = (txt: string, type: string, confidence = 0.97) => ({
  txt,
  type,
  confidence,
  position: [
    { x: 100, y: 200 },
    { x: 220, y: 202 },
    { x: 221, y: 240 },
    { x: 99, y: 238 },
  ],
});

describe('the Alibaba Cloud OCR engine (its SDK, against a local RecognizeCarNumber)', () => {
  const engine = () =>
    new AliyunPlateEngine({
      accessKeyId: 'LTAI-ocr-id',
      accessKeySecret: 'ocr-secret-never-sent',
      endpoint: far.url,
    });

  it('sends RecognizeCarNumber with the image as its body, signed with the key', async () => {
    far.answer({
      status: 200,
      body: {
        RequestId: 'r',
        Data: JSON.stringify({ data: { data: [aliyunPlate('沪A12345', '小型汽车')] } }),
      },
    });
    const plates = await engine().recognize(image());
    const [call] = far.calls;
    expect(call?.headers['x-acs-action']).toBe('RecognizeCarNumber');
    expect(call?.headers['x-acs-version']).toBe('2021-07-07');
    expect(call?.headers.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI-ocr-id,/);
    expect(JSON.stringify(call?.headers)).not.toContain('ocr-secret-never-sent');
    expect(call?.body.startsWith('\u0089PNG') || call?.body.includes('PNG')).toBe(true);
    expect(plates).toEqual([
      {
        number: '沪A12345',
        type: 'small_vehicle',
        color: 'unknown',
        confidence: 0.97,
        box: [
          [100, 200],
          [220, 202],
          [221, 240],
          [99, 238],
        ],
      },
    ]);
  });

  it('answers no plate when the service finds none', async () => {
    far.answer({ status: 200, body: { RequestId: 'r', Data: JSON.stringify({ data: { data: [] } }) } });
    expect(await engine().recognize(image())).toEqual([]);
  });

  it('fails when the service answers an error status', async () => {
    far.answer({ status: 400, body: { Code: 'InvalidAccessKeyId.NotFound', Message: 'no', RequestId: 'r' } });
    await expect(engine().recognize(image())).rejects.toThrow();
  });

  it('maps each of its vehicle classes onto one of the 28 types, telling Macau and consulates apart', () => {
    expect(Object.keys(ALIYUN_CLASSES)).toHaveLength(10);
    for (const type of Object.values(ALIYUN_CLASSES)) expect(PLATE_TYPES).toContain(type);
    const read = (txt: string, type: string) =>
      platesOfAliyunData(JSON.stringify({ data: { data: [aliyunPlate(txt, type)] } }))[0]?.type;
    expect(read('粤Z1234澳', '港澳车')).toBe('macau');
    expect(read('粤Z1234港', '港澳车')).toBe('hong_kong');
    expect(read('沪A1234领', '使领馆车')).toBe('consulate');
    expect(read('使123456', '使领馆车')).toBe('embassy');
    expect(read('京AD12345', '未知')).toBe('new_energy_small');
    expect(read('京A12345', '')).toBe('small_vehicle');
  });

  it('reads confidences in percent as fractions, and leaves out plates it cannot read, best first', () => {
    const plates = platesOfAliyunData(
      JSON.stringify({
        data: {
          data: [
            aliyunPlate('苏E11111', '挂车', 80),
            { txt: '', type: 'x' },
            aliyunPlate('苏E22222', '警车', 95),
          ],
        },
      }),
    );
    expect(plates.map((plate) => [plate.number, plate.type, plate.confidence])).toEqual([
      ['苏E22222', 'police', 0.95],
      ['苏E11111', 'trailer', 0.8],
    ]);
  });
});

describe("the vendor's own engine over HTTP", () => {
  const plate = {
    number: '京A88888',
    type: 'new_energy_large',
    color: 'yellow_green',
    confidence: 0.91,
    box: [
      [1, 2],
      [3, 2],
      [3, 4],
      [1, 4],
    ],
  };

  it('POSTs the image as base64 with its format and the bearer token, and reads the plates', async () => {
    far.answer({ status: 200, body: { plates: [plate] } });
    const sent = image();
    const plates = await new HttpPlateEngine({
      url: `${far.url}/v1/plates`,
      token: 'engine-token',
    }).recognize(sent);
    const [call] = far.calls;
    expect(call?.method).toBe('POST');
    expect(call?.url.pathname).toBe('/v1/plates');
    expect(call?.headers.authorization).toBe('Bearer engine-token');
    expect(JSON.parse(call?.body ?? '')).toEqual({ image: sent.bytes.toString('base64'), format: 'png' });
    expect(plates).toEqual([plate]);
  });

  it('leaves out a plate of an unknown type or without four corners', async () => {
    far.answer({
      status: 200,
      body: { plates: [{ ...plate, type: 'spaceship' }, { ...plate, box: [[1, 2]] }, plate] },
    });
    expect(await new HttpPlateEngine({ url: far.url }).recognize(image())).toEqual([plate]);
  });

  it('fails on an error status or an answer of another shape', async () => {
    far.answer({ status: 500, body: {} });
    await expect(new HttpPlateEngine({ url: far.url }).recognize(image())).rejects.toThrow('500');
    far.answer({ status: 200, body: { results: [] } });
    await expect(new HttpPlateEngine({ url: far.url }).recognize(image())).rejects.toThrow();
  });
});

describe('the development engine', () => {
  it('reads the same plate of the same image, its box within the image', async () => {
    const engine = new DevPlateEngine();
    const [first] = await engine.recognize(image(800, 600));
    const [again] = await engine.recognize(image(800, 600));
    expect(first).toEqual(again);
    expect(first?.number).toMatch(/^\p{Script=Han}[A-H][A-Z0-9]{5}$/u);
    for (const [x, y] of first?.box ?? []) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(800);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(600);
    }
  });

  it('reads no plate of an image under 64×32 pixels', async () => {
    expect(await new DevPlateEngine().recognize(image(63, 40))).toEqual([]);
  });
});

describe('the image of a request (spec §5.6)', () => {
  it('is a PNG or JPEG of at most 2 MiB and 5000×5000', () => {
    expect(() => readImage('not base64!')).toThrow('file_content_incorrect');
    expect(() => readImage(Buffer.from('GIF89a-------').toString('base64'))).toThrow(
      'file_content_incorrect',
    );
    expect(() => readImage(pngOf(5001, 2).toString('base64'))).toThrow('file_content_incorrect');
    expect(() => readImage('A'.repeat(2_796_208))).toThrow('file_too_large');
    expect(readImage(pngOf(5000, 2).toString('base64')).width).toBe(5000);
  });
});
