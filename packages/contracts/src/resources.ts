/**
 * Payloads of the resources (spec §1 "resource download and management with shareable links",
 * §2.1 `/sharePage`, `/official`, §2.3 `resource_download`, `resource_management`, §8, §9; issue 32).
 *
 * A resource is a downloadable file with its words in the three languages: the vendor's (loaded by
 * the operator, `npm run ops -- resources:load <file>`, the same for every company) and, with the
 * product flag `rsrc_mgt` on, a company's own (uploaded on `resource_management`). A share link
 * lets anyone with it see and download one resource for 1, 3 or 7 days; an official-page grant
 * lets the public download page list and download the company's resources without signing in until
 * midnight today (Asia/Shanghai, the product's calendar, spec §9) or for 3 or 7 days. Both are a
 * random token the server keeps only hashed: a forged or revoked one is `link_invalid`, an expired
 * one `link_expired`.
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from './constants.js';
import { type FilterSpec, filterTextSchema, instantSchema } from './list.js';

export const RESOURCE_CATEGORIES = ['tool', 'sdk', 'manual', 'app', 'firmware', 'other'] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

/** A vendor resource's code: its key across loads. */
export const RESOURCE_CODE_PATTERN = /^[a-z][a-z0-9_-]{1,39}$/;
export const RESOURCE_NAME_MAX_LENGTH = 60;
export const RESOURCE_DESCRIPTION_MAX_LENGTH = 2000;
export const RESOURCE_VERSION_MAX_LENGTH = 32;
export const RESOURCE_MODELS_MAX = 50;
export const RESOURCE_MODEL_MAX_LENGTH = 32;
/** A file's name as downloaded. */
export const RESOURCE_FILE_NAME_MAX_LENGTH = 120;
/** The largest resource file (spec §8 'file too large' beyond it). */
export const RESOURCE_MAX_BYTES = 100 * 1024 * 1024;
/** Resources one operator file may load, at most. */
export const RESOURCES_FILE_MAX_ROWS = 500;
/** Spec §9: a share link is valid 1, 3 or 7 days. */
export const SHARE_LINK_DAYS = [1, 3, 7] as const;
/** Spec §9: the official page's skip-login grant lasts until midnight today, or 3 or 7 days. */
export const OFFICIAL_GRANT_VALIDITIES = ['today', '3', '7'] as const;
export type OfficialGrantValidity = (typeof OFFICIAL_GRANT_VALIDITIES)[number];
/** Links of one resource kept (live or not) at most; the oldest go first. */
export const RESOURCE_LINKS_MAX = 50;
/** A link's token: 32 random bytes as base64url. */
export const RESOURCE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const textIn = (max: number, min = 1) =>
  z.object(
    Object.fromEntries(
      LANGUAGES.map((language) => [language, z.string().trim().min(min).max(max)]),
    ) as Record<Language, z.ZodString>,
  );
export const resourceNameSchema = textIn(RESOURCE_NAME_MAX_LENGTH);
export const resourceDescriptionSchema = textIn(RESOURCE_DESCRIPTION_MAX_LENGTH, 0);
export type ResourceText = z.infer<typeof resourceNameSchema>;

const modelSchema = z.string().trim().min(1).max(RESOURCE_MODEL_MAX_LENGTH);
const versionSchema = z.string().trim().min(1).max(RESOURCE_VERSION_MAX_LENGTH);
/** A file name as downloaded: no path, no control characters, no quotes. */
export const resourceFileNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(RESOURCE_FILE_NAME_MAX_LENGTH)
  .regex(/^[^\\/:*?"<>|\p{Cc}]+$/u, 'validation.fileName');

/** One resource of an operator's file (`resources:load`); `file` is read relative to the file. */
export const resourceInputSchema = z.object({
  code: z.string().regex(RESOURCE_CODE_PATTERN),
  category: z.enum(RESOURCE_CATEGORIES),
  name: resourceNameSchema,
  description: resourceDescriptionSchema,
  version: versionSchema,
  models: z.array(modelSchema).max(RESOURCE_MODELS_MAX).default([]),
  /** The file to publish, relative to the list's own file. */
  file: z.string().min(1).max(1024),
  /** Its name as downloaded; the file's own name when absent. */
  file_name: resourceFileNameSchema.optional(),
});
export type ResourceInput = z.input<typeof resourceInputSchema>;

/** A resource as the pages show it. */
export const resourceSchema = z.object({
  id: z.number().int(),
  /** The vendor's resources are everyone's; a company's own are `company`. */
  owner: z.enum(['vendor', 'company']),
  category: z.enum(RESOURCE_CATEGORIES),
  name: resourceNameSchema,
  description: resourceDescriptionSchema,
  version: z.string(),
  models: z.array(z.string()),
  file_name: z.string(),
  size: z.number().int().nonnegative(),
  md5: z.string(),
  downloads: z.number().int().nonnegative(),
  updated_at: instantSchema,
});
export type Resource = z.infer<typeof resourceSchema>;

/** The resource lists' filters: category, words of its name in any language, a model. */
export const RESOURCE_FILTERS = {
  category: { '=': z.enum(RESOURCE_CATEGORIES) },
  text: { like: filterTextSchema(RESOURCE_NAME_MAX_LENGTH) },
  model: { like: filterTextSchema(RESOURCE_MODEL_MAX_LENGTH) },
} as const satisfies FilterSpec;
export const RESOURCE_ORDER_KEYS = ['updated_at', 'size', 'downloads'] as const;

/** POST share links: a link to one resource valid this many days. */
export const createShareLinkBodySchema = z.object({
  days: z.union(
    SHARE_LINK_DAYS.map((days) => z.literal(days)) as [z.ZodLiteral<1>, z.ZodLiteral<3>, z.ZodLiteral<7>],
  ),
});
export type CreateShareLinkBody = z.infer<typeof createShareLinkBodySchema>;

/** A share link as its resource's list shows it (never its token, kept only hashed). */
export const shareLinkSchema = z.object({
  id: z.number().int(),
  resource_id: z.number().int(),
  created_at: instantSchema,
  expires_at: instantSchema,
  revoked: z.boolean(),
  downloads: z.number().int().nonnegative(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
export const shareLinksSchema = z.object({ items: z.array(shareLinkSchema) });

/** A new link: its token, shown once, and the console path that opens it. */
export const createdLinkSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  /** `/sharePage?link=…` or `/official?grant=…`, below the console's origin. */
  path: z.string(),
  expires_at: instantSchema,
});
export type CreatedLink = z.infer<typeof createdLinkSchema>;

/**
 * A skip-login grant of the official page as the company's list shows it (never its token), with
 * the downloads made by it. The company keeps its newest RESOURCE_LINKS_MAX grants.
 */
export const officialGrantSchema = shareLinkSchema.omit({ resource_id: true });
export type OfficialGrant = z.infer<typeof officialGrantSchema>;
export const officialGrantsSchema = z.object({ items: z.array(officialGrantSchema) });

/** POST official grants. */
export const createOfficialGrantBodySchema = z.object({ validity: z.enum(OFFICIAL_GRANT_VALIDITIES) });
export type CreateOfficialGrantBody = z.infer<typeof createOfficialGrantBodySchema>;

export const tokenParamsSchema = z.object({ token: z.string().max(64) });
export const tokenResourceParamsSchema = z.object({
  token: z.string().max(64),
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** What a share link shows without signing in: its resource and when it ends. */
export const sharedResourceSchema = z.object({
  resource: resourceSchema,
  expires_at: instantSchema,
});
export type SharedResource = z.infer<typeof sharedResourceSchema>;

/** What the official page lists with its grant: the company's title and its resources. */
export const officialResourcesSchema = z.object({
  title: z.string(),
  expires_at: instantSchema,
  items: z.array(resourceSchema),
});
export type OfficialResources = z.infer<typeof officialResourcesSchema>;
/** The official page lists at most this many resources. */
export const OFFICIAL_RESOURCES_MAX = 200;

/** POST (resource_management) the upload token of a resource's file: `resource/{companyId}_{md5}.bin`. */
export const RESOURCE_PATH_PATTERN = /^resource\/[1-9]\d{0,9}_[0-9a-f]{32}\.bin$/;
export const resourceTokenBodySchema = z.object({
  name: z.string().regex(RESOURCE_PATH_PATTERN, 'validation.objectPath'),
  /** Beyond RESOURCE_MAX_BYTES the server answers 413 file_too_large (spec §8). */
  size: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type ResourceTokenBody = z.input<typeof resourceTokenBodySchema>;

/** A company's own resource, as written on resource_management: one text for every language. */
export const companyResourceBodySchema = z.object({
  category: z.enum(RESOURCE_CATEGORIES),
  name: z.string().trim().min(1, 'validation.required').max(RESOURCE_NAME_MAX_LENGTH),
  description: z.string().trim().max(RESOURCE_DESCRIPTION_MAX_LENGTH).default(''),
  version: versionSchema,
  models: z.array(modelSchema).max(RESOURCE_MODELS_MAX).default([]),
});
export type CompanyResourceBody = z.input<typeof companyResourceBodySchema>;

/** POST: a new resource of an uploaded file. */
export const createCompanyResourceBodySchema = companyResourceBodySchema.extend({
  path: z.string().regex(RESOURCE_PATH_PATTERN, 'validation.objectPath'),
  file_name: resourceFileNameSchema,
});
export type CreateCompanyResourceBody = z.input<typeof createCompanyResourceBodySchema>;

/** The management page's form: the models as one text, separated by commas. */
export const companyResourceFormSchema = companyResourceBodySchema.omit({ models: true }).extend({
  models: z.string().max(RESOURCE_MODELS_MAX * (RESOURCE_MODEL_MAX_LENGTH + 2)),
});
export type CompanyResourceForm = z.input<typeof companyResourceFormSchema>;

/** The models of the form's text: separated by commas (either width), blanks dropped, each once. */
export const modelsOfText = (text: string): string[] => [
  ...new Set(
    text
      .split(/[,，]/)
      .map((model) => model.trim())
      .filter(Boolean),
  ),
];
