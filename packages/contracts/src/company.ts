/**
 * Payloads of the own-account and company calls (spec §7.1, §7.2): profile, password, company
 * creation, display settings, verification and the object store's token upload. Defined once for
 * the server routes, the console's calls and the forms.
 */
import { z } from 'zod';
import { verifyStatusSchema } from './account.js';
import {
  COMPANY_NAME_MAX_LENGTH,
  FIRMWARE_MAX_BYTES,
  HOLOGRAM_SCHEME_MAX_BYTES,
  LOGO_MAX_BYTES,
  type ProductFlag,
  VERIFY_IMAGE_MAX_BYTES,
} from './constants.js';
import { isCompanyName, plainPasswordSchema } from './validators.js';

export const COMPANY_TITLE_MAX_LENGTH = 50;

/**
 * The change-password form (spec §3, §5.2): the old password only when the account has one; the new
 * one at least 6 characters ('password tip'); the confirmation equal to it ('passwords differ').
 */
export function passwordChangeFormSchema(isPasswordEmpty: boolean) {
  return z
    .object({
      old_password: isPasswordEmpty ? z.string().optional() : z.string().min(1, 'validation.required'),
      new_password: plainPasswordSchema,
      confirm_password: z.string(),
    })
    .refine((values) => values.confirm_password === values.new_password, {
      message: 'validation.passwordsDiffer',
      path: ['confirm_password'],
    });
}
export type PasswordChangeForm = z.input<ReturnType<typeof passwordChangeFormSchema>>;

/** Half-width parentheses become full-width as the company name is typed (spec §5.3). */
export const toFullWidthParentheses = (value: string) => value.replace(/\(/g, '（').replace(/\)/g, '）');

/** A company name: at most 100 characters and the company-name helper of spec §5.1. */
export const companyNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.companyNameRequired')
  .max(COMPANY_NAME_MAX_LENGTH, 'validation.companyNameLength')
  .refine(isCompanyName, 'validation.companyName');

export const companyTitleSchema = z.string().trim().max(COMPANY_TITLE_MAX_LENGTH, 'validation.companyTitle');

/** The display-settings form: the title (the logo is checked as a file, spec §5.2). */
export const displayFormSchema = z.object({ title: companyTitleSchema });
export type DisplayForm = z.input<typeof displayFormSchema>;

/** POST /v1/pms/user/companies: a user without a company creates one and becomes its owner. */
export const createCompanyBodySchema = z.object({
  name: companyNameSchema,
  title: companyTitleSchema.optional(),
});
export type CreateCompanyBody = z.input<typeof createCompanyBodySchema>;

/** What the object store keeps, by folder (spec §7.2 `{kind}/{companyId}_{md5}.{ext}`). */
export const OBJECT_KINDS = [
  'license',
  'id_human',
  'id_emblem',
  'logo',
  'firmware',
  'recording',
  'resource',
  'hologram',
  'adpkg',
] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];
/**
 * Images are jpeg or png; a firmware package or a resource's file is a `.bin` of any content; a
 * recording an MP4; a hologram scheme a `.tar`.
 */
export const OBJECT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bin', 'mp4', 'tar'] as const;
/** The image kinds: the company's verification images and its logo. */
export const IMAGE_OBJECT_KINDS = ['license', 'id_human', 'id_emblem', 'logo'] as const;
/** The largest object of each kind, in bytes (spec §5.2, §5.3; issue 16). */
export const OBJECT_MAX_BYTES: Record<ObjectKind, number> = {
  license: VERIFY_IMAGE_MAX_BYTES,
  id_human: VERIFY_IMAGE_MAX_BYTES,
  id_emblem: VERIFY_IMAGE_MAX_BYTES,
  logo: LOGO_MAX_BYTES,
  firmware: FIRMWARE_MAX_BYTES,
  /** A device's cloud video recording (video.ts; a video at most 100M, spec §5.6). */
  recording: 100 * 1024 * 1024,
  /** A resource's file (issue 32): resources.ts' RESOURCE_MAX_BYTES. */
  resource: 100 * 1024 * 1024,
  hologram: HOLOGRAM_SCHEME_MAX_BYTES,
  /** An ad package's item (adpkg.ts): an image at most 5M, a video at most 100M (spec §5.6). */
  adpkg: 100 * 1024 * 1024,
};
/** The kinds stored as bytes of any content (not images). */
export const BINARY_OBJECT_KINDS: readonly ObjectKind[] = ['firmware', 'resource'];
/** Which company field each verification image fills. */
export const VERIFY_IMAGE_KINDS = {
  business_license: 'license',
  id_human: 'id_human',
  id_emblem: 'id_emblem',
} as const satisfies Record<string, ObjectKind>;
export type VerifyImageField = keyof typeof VERIFY_IMAGE_KINDS;
export const VERIFY_IMAGE_FIELDS = Object.keys(VERIFY_IMAGE_KINDS) as VerifyImageField[];

/**
 * `license/12_9e107d9d372bb6826bd81d3542a419d6.png`, `firmware/12_….bin`, `hologram/12_….tar`;
 * nothing else (no `..`, no other folder, an image's extension for an image kind, `.bin` for
 * firmware and a resource, `.mp4` for a recording, `.tar` for a hologram scheme, `.jpg`, `.png` or
 * `.mp4` for an ad package's item).
 */
export const OBJECT_PATH_PATTERN =
  /^(?:(?:license|id_human|id_emblem|logo)\/[1-9]\d{0,9}_[0-9a-f]{32}\.(?:jpg|jpeg|png)|firmware\/[1-9]\d{0,9}_[0-9a-f]{32}\.bin|recording\/[1-9]\d{0,9}_[0-9a-f]{32}\.mp4|resource\/(?:0|[1-9]\d{0,9})_[0-9a-f]{32}\.bin|hologram\/[1-9]\d{0,9}_[0-9a-f]{32}\.tar|adpkg\/[1-9]\d{0,9}_[0-9a-f]{32}\.(?:jpg|png|mp4))$/;
const OBJECT_PATH_PARTS = /^([a-z_]+)\/(\d+)_([0-9a-f]{32})\.([a-z0-9]+)$/;

export interface ObjectPathParts {
  kind: ObjectKind;
  companyId: number;
  md5: string;
  extension: (typeof OBJECT_EXTENSIONS)[number];
}

export function parseObjectPath(path: string): ObjectPathParts | null {
  if (!OBJECT_PATH_PATTERN.test(path)) return null;
  const match = OBJECT_PATH_PARTS.exec(path);
  if (!match) return null;
  return {
    kind: match[1] as ObjectKind,
    companyId: Number(match[2]),
    md5: match[3] as string,
    extension: match[4] as ObjectPathParts['extension'],
  };
}

export const objectPathSchema = z.string().regex(OBJECT_PATH_PATTERN, 'validation.objectPath');

const productFlagSchema = z.union([z.literal(0), z.literal(1)], { error: 'validation.productFlag' });

/**
 * Product flags (spec §3 company products; 0 means enabled) as the owner sends them: any of them. A
 * product cannot be turned off while a paid package of it still runs (409 `resource_package_unused`).
 */
export const productsUpdateSchema = z
  .object({
    cbs: productFlagSchema.optional(),
    lvlm_lab: productFlagSchema.optional(),
    rsrc_mgt: productFlagSchema.optional(),
    voip: productFlagSchema.optional(),
  } satisfies Record<ProductFlag, z.ZodType>)
  .strict();
export type ProductsUpdate = z.infer<typeof productsUpdateSchema>;

/** PUT /v1/pms/company: display settings (title, logo) and verification (name and three images). */
export const updateCompanyBodySchema = z.object({
  title: companyTitleSchema.optional(),
  /** jpeg or png as base64 without the `data:` prefix, at most 1,048,576 bytes decoded; '' removes it. */
  logo: z.string().optional(),
  name: companyNameSchema.optional(),
  business_license: objectPathSchema.optional(),
  id_human: objectPathSchema.optional(),
  id_emblem: objectPathSchema.optional(),
  /** The paid products the owner turns on (0) or off (1); those not sent stay as they are. */
  products: productsUpdateSchema.optional(),
});
export type UpdateCompanyBody = z.input<typeof updateCompanyBodySchema>;

/** GET /v1/pms/company: the caller's company with its stored images (paths and display URLs). */
export const companyDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  logo: z.string(),
  logo_url: z.string(),
  verify_status: verifyStatusSchema,
  business_license: z.string(),
  business_license_url: z.string(),
  id_human: z.string(),
  id_human_url: z.string(),
  id_emblem: z.string(),
  id_emblem_url: z.string(),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/** POST /v1/pms/company/resources/token (spec §7.2). */
export const uploadTokenBodySchema = z.object({
  name: objectPathSchema,
  size: z.number().int().positive().max(VERIFY_IMAGE_MAX_BYTES, 'validation.objectSize'),
});
export type UploadTokenBody = z.input<typeof uploadTokenBodySchema>;

export const uploadTokenResultSchema = z.object({
  /** Goes in the upload's `Authorization: VAP-OSS {token}` header. */
  token: z.string(),
  /** Where to POST the multipart form (filename, filesize, file). */
  url: z.string(),
});
export type UploadTokenResult = z.infer<typeof uploadTokenResultSchema>;

/** The authorization scheme of the object store's upload (spec §7.2). */
export const OBJECT_STORE_AUTH_SCHEME = 'VAP-OSS';

/** Answer of the upload: the stored path `{folder}/{file}` and a URL to display it. */
export const uploadResultSchema = z.object({ path: z.string(), url: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/**
 * The bytes of one part of an upload in parts (the last may be shorter): at least S3's smallest part
 * (5 MiB), few enough parts for the largest object.
 */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;
/** The most parts an upload may have (S3 allows 10,000; the largest object needs 13). */
export const UPLOAD_MAX_PARTS = 100;

/** POST /v1/pms/objects/uploads: an upload in parts of the token's object, started or resumed. */
export const partUploadSchema = z.object({
  id: z.string(),
  /** The bytes of every part but the last. */
  part_size: z.number().int(),
  part_count: z.number().int(),
  /** The parts the server has recorded as received: not to be sent again. */
  done: z.array(z.number().int()),
  /**
   * Where to PUT each part not yet done (its bytes as the body, no other header), signed and
   * expiring: the bucket's own presigned URL, or one of this server. Its answer's ETag header is
   * what the part's report carries.
   */
  parts: z.array(z.object({ number: z.number().int(), url: z.string() })),
});
export type PartUpload = z.infer<typeof partUploadSchema>;

export const partUploadParamsSchema = z.object({ id: z.string().uuid('validation.uploadId') });
export const uploadPartParamsSchema = partUploadParamsSchema.extend({
  number: z.coerce.number().int().min(1).max(UPLOAD_MAX_PARTS),
});
/** POST …/parts/:number: a part sent, with the ETag its PUT answered. */
export const uploadPartReportSchema = z.object({ etag: z.string().min(1).max(200) });
/** PUT …/parts/:number (this server's part URL): its expiry and signature. */
export const uploadPartQuerySchema = z.object({ e: z.string().max(12), s: z.string().max(64) });

/** GET /v1/pms/objects/*: a signed URL's expiry and signature (absent for a signed-in user). */
export const signedUrlQuerySchema = z.object({
  e: z.string().optional(),
  s: z.string().optional(),
  /** An attachment's file name: the answer downloads rather than shows. */
  dl: z
    .string()
    .regex(/^[\w.-]{1,80}$/)
    .optional(),
});
