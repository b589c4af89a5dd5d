/**
 * The detection lab's routes (spec §2.3 `algmall_detect_lab`; issue 31), each needing the company's
 * product flag `lvlm_lab` on (0), else 403 `product_disabled`: today's trials, the upload of a trial
 * image (button `upload`) and a detection (button `detect`).
 */
import { Readable } from 'node:stream';
import { LAB_IMAGE_MAX_BYTES, LVLM_LAB_CALLS } from '@vap/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import { productCompanyOf } from '../../core/http/product-gate.js';
import { readMultipart } from '../../core/storage/multipart.js';
import { checkTrialImage, fileTooLarge, type LabImages, readTrialFile } from './images.js';
import type { DetectionLab } from './lab.js';

/** What a multipart form adds to its file: the boundary and the part's headers. */
const ENVELOPE_BYTES = 16 * 1024;

export async function lvlmLabRoutes(
  app: FastifyInstance,
  { db, images, lab }: { db: Db; images: LabImages; lab: DetectionLab },
) {
  /** The caller's company, once its product flag lvlm_lab is on (0). */
  const labCompanyOf = (request: FastifyRequest) => productCompanyOf(request, db, 'lvlm_lab');

  // The image is read as a stream, its bytes bounded as they arrive: never buffered by Fastify.
  app.addContentTypeParser('multipart/form-data', (_request, body, done) => done(null, body));

  await serve(app, LVLM_LAB_CALLS.trials, async (request) => lab.trials(await labCompanyOf(request)));

  await serve(
    app,
    LVLM_LAB_CALLS.upload,
    async (request, reply) => {
      const companyId = await labCompanyOf(request);
      const { body } = request;
      if (!(body instanceof Readable)) throw new ApiError(415, 'unsupported_media_type');
      const form = await readMultipart(body, request.headers, {
        maxBytes: LAB_IMAGE_MAX_BYTES + ENVELOPE_BYTES,
        onFile: async (name, stream) => {
          if (name !== 'file') throw new ApiError(400, 'bad_request');
          const bytes = await readTrialFile(stream);
          return { bytes, discard: async () => {} };
        },
      }).catch((error: unknown) => {
        // The envelope's own limit is the file's: said as the file's §8 message.
        if (error instanceof ApiError && error.code === 'payload_too_large') throw fileTooLarge();
        throw error;
      });
      const file = form.files.get('file');
      if (!file) throw new ApiError(400, 'bad_request');
      const kept = await images.keep(companyId, checkTrialImage(file.bytes));
      reply.status(201);
      return kept;
    },
    {
      bodyLimit: LAB_IMAGE_MAX_BYTES + ENVELOPE_BYTES,
      // A body announced beyond the limit is refused before it is read.
      onRequest: async (request) => {
        const length = Number(request.headers['content-length']);
        if (length > LAB_IMAGE_MAX_BYTES + ENVELOPE_BYTES) throw fileTooLarge();
      },
    },
  );

  await serve(app, LVLM_LAB_CALLS.detect, async (request) =>
    lab.detect(await labCompanyOf(request), request.body),
  );
}
