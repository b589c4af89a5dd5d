/**
 * The recognition engines (docs/operations.md, "Plate recognition"): Alibaba Cloud OCR's
 * licence-plate recognition through its SDK, the vendor's own engine over a small JSON protocol, and
 * a development engine for demos that reads no plate at all — refused in production unless the
 * operator allows development providers. An engine answers the plates it read, best first; a failure
 * rejects, which the call answers 503 without billing anything.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { type PlateColor, type PlateReading, type PlateType, plateReadingSchema } from '@vap/contracts';
import { z } from 'zod';
import { type AliyunAccess, aliyunConfig } from '../../core/aliyun.js';

/** An image already checked: PNG or JPEG, its bytes and its size. */
export interface PlateImage {
  bytes: Buffer;
  type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

export interface PlateEngine {
  /** A development engine: refused in production unless ALLOW_DEV_PROVIDERS. */
  readonly development?: boolean;
  /** The plates of the image, best first; none when it shows none. */
  recognize(image: PlateImage): Promise<PlateReading[]>;
}

/** An engine that takes longer than this is treated as down: the caller is waiting. */
const ENGINE_TIMEOUT_MS = 10_000;
/** Plates one answer may carry, at most (more are ignored). */
const PLATES_MAX = 16;

type Box = PlateReading['box'];

// ---- development ------------------------------------------------------------------------------

/** Provinces' abbreviations, for the development engine's invented plates. */
const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/**
 * Invents a plate from the image's bytes, the same for the same image: a small blue plate in the
 * lower middle of the image. An image under 64×32 pixels holds no plate anyone could read: none.
 */
export class DevPlateEngine implements PlateEngine {
  readonly development = true;

  async recognize(image: PlateImage): Promise<PlateReading[]> {
    if (image.width < 64 || image.height < 32) return [];
    const digest = createHash('sha256').update(image.bytes).digest();
    const letter = (i: number) => PLATE_LETTERS[(digest[i] ?? 0) % PLATE_LETTERS.length];
    const number = `${PROVINCES[(digest[0] ?? 0) % PROVINCES.length]}${'ABCDEFGH'[(digest[1] ?? 0) % 8]}${[2, 3, 4, 5, 6].map(letter).join('')}`;
    const w = image.width * 0.3;
    const h = w / 3.14;
    const left = (image.width - w) / 2;
    const top = Math.min(image.height * 0.65, image.height - h);
    return [
      {
        number,
        type: 'small_vehicle',
        color: 'blue',
        confidence: 0.9 + ((digest[7] ?? 0) % 10) / 100,
        box: corners(left, top, left + w, top + h),
      },
    ];
  }
}

const corners = (left: number, top: number, right: number, bottom: number): Box => [
  [round(left), round(top)],
  [round(right), round(top)],
  [round(right), round(bottom)],
  [round(left), round(bottom)],
];
const round = (value: number) => Math.round(value * 10) / 10;

// ---- the vendor's engine over HTTP ------------------------------------------------------------

export interface HttpPlateEngineOptions {
  /** `POST`ed to: `http://…` or `https://…`. */
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string;
}

/** The vendor engine's answer (docs/operations.md, "The vendor's engine protocol"). */
const httpAnswerSchema = z.object({ plates: z.array(z.unknown()).max(1000) });

/**
 * The vendor's own engine: `POST {url}` with `{"image": base64, "format": "png" | "jpeg"}`, answered
 * 200 `{"plates": [{number, type, color, confidence, box}]}` — a type of the 28 codes, a colour of
 * PLATE_COLORS (or `unknown`), confidence 0–1, the box as four `[x, y]` corners. A plate the server
 * cannot read is left out; anything but 200 with that shape is a failure.
 */
export class HttpPlateEngine implements PlateEngine {
  constructor(private readonly options: HttpPlateEngineOptions) {}

  async recognize(image: PlateImage): Promise<PlateReading[]> {
    const response = await fetch(this.options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
      },
      body: JSON.stringify({
        image: image.bytes.toString('base64'),
        format: image.type === 'image/png' ? 'png' : 'jpeg',
      }),
      signal: AbortSignal.timeout(ENGINE_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`plate engine answered ${response.status}`);
    }
    const answer = httpAnswerSchema.parse(await response.json());
    return answer.plates
      .flatMap((plate) => {
        const read = plateReadingSchema.safeParse(plate);
        return read.success ? [read.data] : [];
      })
      .slice(0, PLATES_MAX);
  }
}

// ---- Alibaba Cloud OCR ------------------------------------------------------------------------

type OcrApi = typeof import('@alicloud/ocr-api20210707');

// Read by `require` at the first Aliyun engine, as core/aliyun.ts says.
const require = createRequire(import.meta.url);
const ocrApi = () => require('@alicloud/ocr-api20210707') as OcrApi;

/** Alibaba Cloud OCR's access, at `ocr-api.cn-hangzhou.aliyuncs.com` by default. */
export type AliyunPlateEngineOptions = AliyunAccess;

/**
 * Alibaba Cloud's vehicle classes (RecognizeCarNumber's `type`) onto the 28 plate types. `港澳车`
 * is told apart by the plate's last character (`澳`: Macau); a new-energy plate of a large vehicle
 * cannot be told from the class, and is taken as the common small one.
 */
export const ALIYUN_CLASSES: Readonly<Record<string, PlateType>> = {
  大型汽车: 'large_vehicle',
  小型汽车: 'small_vehicle',
  新能源车: 'new_energy_small',
  挂车: 'trailer',
  临时车牌: 'temporary',
  警车: 'police',
  军车: 'military',
  使领馆车: 'embassy',
  教练车: 'coach',
  港澳车: 'hong_kong',
};

/** The plate type of an Aliyun class and plate; unknown classes by the plate's length. */
export function plateTypeOfAliyun(vehicleClass: string, plate: string): PlateType {
  const mapped = ALIYUN_CLASSES[vehicleClass];
  if (mapped === 'hong_kong' && plate.endsWith('澳')) return 'macau';
  if (mapped === 'embassy' && plate.includes('领')) return 'consulate';
  if (mapped) return mapped;
  return [...plate].length === 8 ? 'new_energy_small' : 'small_vehicle';
}

const aliyunPointSchema = z.object({ x: z.coerce.number(), y: z.coerce.number() });
const aliyunPlateSchema = z.object({
  txt: z.string().trim().min(1).max(16),
  type: z.string().max(32).default(''),
  confidence: z.coerce.number().default(0),
  position: z.array(aliyunPointSchema).length(4),
});
/** RecognizeCarNumber's `Data`: a JSON text `{"data": {"data": [plate…]}}` (or the list one level up). */
const aliyunDataSchema = z.object({
  data: z.union([z.object({ data: z.array(z.unknown()).max(1000) }), z.array(z.unknown()).max(1000)]),
});

/** The plates of RecognizeCarNumber's `Data` text; confidences given in percent are scaled to 0–1. */
export function platesOfAliyunData(data: string): PlateReading[] {
  const parsed = aliyunDataSchema.parse(JSON.parse(data));
  const items = Array.isArray(parsed.data) ? parsed.data : parsed.data.data;
  return items
    .flatMap((item) => {
      const plate = aliyunPlateSchema.safeParse(item);
      if (!plate.success) return [];
      const { txt, type, confidence, position } = plate.data;
      const points = position.map((point) => [point.x, point.y] as [number, number]) as Box;
      const unit = confidence > 1 ? confidence / 100 : confidence;
      return [
        {
          number: txt,
          type: plateTypeOfAliyun(type, txt),
          color: 'unknown' as PlateColor,
          confidence: Math.min(1, Math.max(0, unit)),
          box: points,
        },
      ];
    })
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, PLATES_MAX);
}

export class AliyunPlateEngine implements PlateEngine {
  private readonly client: InstanceType<OcrApi['default']>;

  constructor(options: AliyunPlateEngineOptions) {
    this.client = new (ocrApi().default)(aliyunConfig(options, ENGINE_TIMEOUT_MS));
  }

  async recognize(image: PlateImage): Promise<PlateReading[]> {
    const response = await this.client.recognizeCarNumber(
      new (ocrApi().RecognizeCarNumberRequest)({ body: Readable.from(image.bytes) }),
    );
    const { data, code, message } = response.body ?? {};
    // An image without a plate comes back without data (or with an empty list).
    if (!data) {
      if (code && code !== '200') throw new Error(`Aliyun OCR refused: ${code} ${message ?? ''}`.trim());
      return [];
    }
    return platesOfAliyunData(data);
  }
}
