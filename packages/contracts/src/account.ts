import { z } from 'zod';
import type { ProductFlag } from './constants.js';
import { userMenusSchema } from './menu.js';
import { accountSchema, isEmail, md5HexSchema, personNameSchema } from './validators.js';

/** POST /v0/pms/users/login_password (spec §7.1). */
export const loginPasswordBodySchema = z.object({
  account: accountSchema,
  password: md5HexSchema,
});
export type LoginPasswordBody = z.input<typeof loginPasswordBodySchema>;

/** Answer of every sign-in call: the bearer token (a JWT whose `exp` the console reads). */
export const loginResultSchema = z.object({
  token: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Company verification status (spec §4.2). */
export const VERIFY_STATUS = { notVerified: 0, verifying: 1, verified: 2, failed: 3 } as const;
export const verifyStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type VerifyStatus = z.infer<typeof verifyStatusSchema>;

/** Product flags; 0 means enabled (spec §3). */
export const productsSchema = z.object({
  cbs: z.number().int(),
  lvlm_lab: z.number().int(),
  rsrc_mgt: z.number().int(),
  voip: z.number().int(),
} satisfies Record<ProductFlag, z.ZodType>);
export type Products = z.infer<typeof productsSchema>;

export const companyInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  /** Display URL of the logo, empty when none. */
  logo: z.string(),
  verify_status: verifyStatusSchema,
  products: productsSchema,
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

/** GET /v1/pms/user (spec §3 "User info"). */
export const userInfoSchema = z.object({
  id: z.number().int(),
  menus: userMenusSchema,
  /**
   * 0 is the company owner (OWNER_ROLE_ID), any other number a role of the company. Null exactly
   * when `company` is: a user without a company holds no role, least of all the owner's.
   */
  role_id: z.number().int().nullable(),
  /**
   * The name of the role, as the company's roles list shows it. Null for the owner, who holds no
   * role of the company's (the console names the owner in the user's language), and for a user
   * without a company.
   */
  role_name: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  nickname: z.string(),
  remark: z.string(),
  is_password_empty: z.boolean(),
  /** Null while the user has not created or joined a company. */
  company: companyInfoSchema.nullable(),
  /** Global switch: whether company verification is required at all. */
  verify_company: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const REMARK_MAX_LENGTH = 200;

/** PUT /v1/pms/user: the profile form (spec §3 "Forms", §5.2). The phone is never changed here. */
export const profileBodySchema = z.object({
  nickname: personNameSchema,
  /** Read-only in the console's form; empty or absent keeps the current one; a new one must be free. */
  email: z
    .string()
    .trim()
    .refine((value) => value === '' || isEmail(value), 'validation.email')
    .optional(),
  remark: z.string().trim().max(REMARK_MAX_LENGTH, 'validation.remark').optional(),
});
export type ProfileBody = z.input<typeof profileBodySchema>;

/** PUT /v1/pms/user/password: both as md5 hex digests (spec §7.1). */
export const changePasswordBodySchema = z.object({
  old_password: md5HexSchema,
  new_password: md5HexSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** POST /v1/pms/user/password: the first password of an account that has none (`is_password_empty`). */
export const setPasswordBodySchema = z.object({ password: md5HexSchema });
export type SetPasswordBody = z.input<typeof setPasswordBodySchema>;
