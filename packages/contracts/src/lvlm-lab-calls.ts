/**
 * The calls of the detection lab (spec §2.3 `algmall_detect_lab`; issue 31). Its two seeded buttons
 * are its two acts: `upload` keeps a trial image, `detect` asks the engine about it and uses one of
 * the company's trials of the day.
 */

import { declareCalls } from './calls.js';
import { LVLM_LAB_PATHS } from './paths-algmall.js';

const schemas = async () => ({
  ...(await import('./lvlm-lab.js')),
  ...(await import('./ids.js')),
});

const page = 'algmall_detect_lab';

export const LVLM_LAB_CALLS = declareCalls(schemas, ['lvlm-lab'], {
  trials: {
    method: 'GET',
    path: LVLM_LAB_PATHS.trials,
    access: { page },
    summary:
      "The company's detection trials of today (a calendar day of Asia/Shanghai): the limit and what is left",
    schemas: (s) => ({ response: s.labTrialsSchema }),
  },
  // Multipart form data read as it arrives (the server's own parsing): no body schema.
  upload: {
    method: 'POST',
    path: LVLM_LAB_PATHS.images,
    access: { page, button: 'upload' },
    errors: [400, 413, 415],
    consumes: ['multipart/form-data'],
    status: 201,
    summary:
      'Keeps a trial image for detections (multipart: file; PNG or JPEG by its content, at most 2M and 5000×5000 px)',
    description:
      '413 file_too_large beyond 2M (the body is not read further); 400 file_type_invalid when it is not a ' +
      'PNG or JPEG; 400 image_resolution_too_large beyond 5000×5000 px. The image is kept an hour.',
    schemas: (s) => ({ response: s.labImageSchema }),
  },
  detect: {
    method: 'POST',
    path: LVLM_LAB_PATHS.detections,
    access: { page, button: 'detect' },
    errors: [404, 429, 502, 503],
    summary:
      'Asks the vision-language engine for the boxes of a preset or a question in an uploaded image; uses one of today’s trials',
    description:
      "429 trial_used_up when today's trials are used up; 404 not_found for an image that is not the company's " +
      '(or expired); 502 detection_failed when the engine cannot be reached or fails, 502 detection_unreadable ' +
      'when its answer is not the boxes asked for — neither uses a trial; 503 detection_unavailable when no ' +
      'engine is configured (production without one).',
    schemas: (s) => ({ body: s.detectBodySchema, response: s.detectionAnswerSchema }),
  },
});
