/**
 * The detection engine (issue 31): a vision-language model behind an OpenAI-compatible chat API —
 * hosted Qwen-VL-style services, vLLM, Ollama —, called with the `openai` package (6.x: 7.x needs
 * Node 22), or the development engine, which answers made-up boxes without any network, for the demo
 * and `npm start`; production refuses it unless ALLOW_DEV_PROVIDERS is set.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type OpenAI from 'openai';
import type { CoordinateSpace } from './answer.js';
import { systemPrompt } from './prompts.js';

export interface DetectionRequest {
  image: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** What to find, in words. */
  request: string;
}

/** The engine could not be reached, timed out, or refused: no answer to read. */
export class EngineFailed extends Error {}

export interface DetectionEngine {
  /** Development engines are refused in production (ALLOW_DEV_PROVIDERS aside). */
  readonly development: boolean;
  /** Where the engine's boxes are. */
  readonly space: CoordinateSpace;
  /** The model's answer as text; `EngineFailed` when there is none. */
  detect(request: DetectionRequest): Promise<string>;
}

export interface OpenAiEngineSettings {
  /** The API's base, ending in `/v1` for most servers (`http://127.0.0.1:11434/v1` for Ollama). */
  baseUrl: string;
  model: string;
  /** Sent as the bearer key; local servers take any. */
  apiKey: string | undefined;
  space: CoordinateSpace;
  timeoutMs: number;
}

/** The biggest answer asked of the model, in tokens: a hundred boxes with labels. */
const MAX_TOKENS = 4096;

// A third of a second to load: read by the first engine of a model, not by every start (as
// core/aliyun.ts).
const require = createRequire(import.meta.url);
const openAi = () => (require('openai') as typeof import('openai')).OpenAI;

export class OpenAiEngine implements DetectionEngine {
  readonly development = false;
  readonly space: CoordinateSpace;
  readonly #client: OpenAI;
  readonly #model: string;

  constructor(settings: OpenAiEngineSettings) {
    this.space = settings.space;
    this.#model = settings.model;
    this.#client = new (openAi())({
      baseURL: settings.baseUrl,
      apiKey: settings.apiKey || 'none',
      timeout: settings.timeoutMs,
      // A failed trial is given back and the user tries again: no hidden retries behind the timeout.
      maxRetries: 0,
    });
  }

  async detect({ image, contentType, width, height, request }: DetectionRequest): Promise<string> {
    try {
      const completion = await this.#client.chat.completions.create({
        model: this.#model,
        temperature: 0,
        max_tokens: MAX_TOKENS,
        messages: [
          { role: 'system', content: systemPrompt(this.space, width, height) },
          {
            role: 'user',
            content: [
              {
                type: 'image_url',
                image_url: { url: `data:${contentType};base64,${image.toString('base64')}` },
              },
              { type: 'text', text: request },
            ],
          },
        ],
      });
      const content = completion.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new EngineFailed('the engine answered no text');
      return content;
    } catch (error) {
      if (error instanceof EngineFailed) throw error;
      throw new EngineFailed(error instanceof Error ? error.message : String(error));
    }
  }
}

/**
 * Made-up but stable answers: the same image and request give the same boxes (from their hash), in
 * thousandths like Qwen-VL, fenced as models often do, so the whole way to the drawing is the real one.
 */
export class DevelopmentEngine implements DetectionEngine {
  readonly development = true;
  readonly space: CoordinateSpace = 'normalized_1000';

  async detect({ image, request }: DetectionRequest): Promise<string> {
    const hash = createHash('sha256').update(image).update(request).digest();
    const count = 1 + ((hash[0] ?? 0) % 3);
    const label = /plate/i.test(request)
      ? 'plate'
      : /helmet/i.test(request)
        ? 'helmet'
        : /vehicle/i.test(request)
          ? 'car'
          : 'person';
    const boxes = Array.from({ length: count }, (_, i) => {
      const at = (k: number) => hash[1 + i * 4 + k] ?? 0;
      const x1 = 50 + Math.round((at(0) / 255) * 500);
      const y1 = 50 + Math.round((at(1) / 255) * 500);
      return {
        label,
        box: [x1, y1, x1 + 100 + Math.round((at(2) / 255) * 300), y1 + 100 + Math.round((at(3) / 255) * 300)],
      };
    });
    return `\`\`\`json\n${JSON.stringify(boxes)}\n\`\`\``;
  }
}
