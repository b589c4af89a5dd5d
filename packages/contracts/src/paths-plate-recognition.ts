/** Plate recognition (spec §1, §2.3 `prs_trial`, `prs_detail`). */
export const PRS_PATHS = {
  /** POST: reads the plate of an image, billed (the open API's operation). */
  recognize: '/v1/prs/recognize',
  /** GET: today's trials left; POST: a trial recognition, not billed. */
  trial: '/v1/prs/trial',
  /** GET: the company's resource packages not expired; POST: buys one. */
  packages: '/v1/prs/company/packages',
  /** GET: a month's calls by tier and by day. */
  usage: '/v1/prs/company/usage',
  /** GET: a page of the company's calls. */
  calls: '/v1/prs/company/calls',
  /** GET: the calls of a filter as .xlsx. */
  callsExport: '/v1/prs/company/calls/export',
} as const;
