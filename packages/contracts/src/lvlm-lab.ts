/**
 * Payloads of the detection lab (spec §1 "a detection lab", §2.3 `algmall_detect_lab`, shown only
 * when the company's product flag `lvlm_lab` is 0; issue 31): a trial image (spec §5.6: PNG, JPG or
 * JPEG, at most 2M and 5000×5000) is uploaded, then a detection is asked of a vision-language model —
 * one of the presets or a question in words — and answered as labelled boxes and the model's text.
 * Boxes are fractions of the image (0–1 from its top left), whatever coordinate space the engine
 * answers in: the server normalises them before they leave it.
 */
import { z } from 'zod';
import { instantSchema } from './list.js';

/** Spec §5.6, §9: a trial image is at most 2M (2 × 1024 × 1024 bytes). */
export const LAB_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Spec §5.6: a trial image is at most 5000 × 5000 pixels. */
export const LAB_IMAGE_MAX_SIDE = 5000;
/** The extensions of a trial image (spec §5.6: PNG, JPG, JPEG). */
export const LAB_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
/** The longest question in words. */
export const LAB_QUESTION_MAX_LENGTH = 200;
/** The most detections an answer carries; a model's longer list is cut. */
export const LAB_DETECTIONS_MAX = 100;
/** The longest label of a detection; a model's longer one is cut. */
export const LAB_LABEL_MAX_LENGTH = 64;
/** The longest text of an answer; a model's longer one is cut. */
export const LAB_TEXT_MAX_LENGTH = 4000;

/**
 * The detections offered, one per kind of product the mall sells (perimeter intrusion, people
 * counting, helmet detection, licence plates at the gate) and vehicles; their names are the
 * console's words, what each asks of the model is the server's.
 */
export const LAB_PRESETS = ['person', 'intrusion', 'helmet', 'licence_plate', 'vehicle'] as const;
export type LabPreset = (typeof LAB_PRESETS)[number];

/** An uploaded trial image, kept for the company's detections for a while. */
export const labImageSchema = z.object({
  id: z.uuid(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** After this the image is gone: a detection of it is 404 and the image is uploaded again. */
  expires_at: instantSchema,
});
export type LabImage = z.infer<typeof labImageSchema>;

/** A detection asked of an uploaded image: one of the presets, or a question in words. */
export const detectBodySchema = z
  .object({
    image_id: z.uuid(),
    preset: z.enum(LAB_PRESETS).optional(),
    question: z.string().trim().min(1).max(LAB_QUESTION_MAX_LENGTH).optional(),
  })
  .refine((body) => (body.preset === undefined) !== (body.question === undefined), {
    message: 'validation.presetOrQuestion',
    path: ['question'],
  });
export type DetectBody = z.infer<typeof detectBodySchema>;

const fraction = z.number().min(0).max(1);

/** A box as fractions of the image: its top left corner and its size. */
export const labBoxSchema = z.object({ x: fraction, y: fraction, w: fraction, h: fraction });
export type LabBox = z.infer<typeof labBoxSchema>;

export const detectionSchema = z.object({
  label: z.string().max(LAB_LABEL_MAX_LENGTH),
  box: labBoxSchema,
});
export type Detection = z.infer<typeof detectionSchema>;

/** The company's trials of today (a calendar day of Asia/Shanghai). */
export const labTrialsSchema = z.object({
  /** Trials a company has a day. */
  limit: z.number().int().nonnegative(),
  /** Left today. */
  remaining: z.number().int().nonnegative(),
});
export type LabTrials = z.infer<typeof labTrialsSchema>;

/** A detection's answer: the boxes, the model's text, and the trials left today. */
export const detectionAnswerSchema = z.object({
  detections: z.array(detectionSchema).max(LAB_DETECTIONS_MAX),
  /** The model's answer as text (its JSON, or its words beside it). */
  text: z.string().max(LAB_TEXT_MAX_LENGTH),
  trials: labTrialsSchema,
});
export type DetectionAnswer = z.infer<typeof detectionAnswerSchema>;
