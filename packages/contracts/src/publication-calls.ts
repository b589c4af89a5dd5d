/**
 * The calls of publishing an area's rows to devices (`publication.ts`), as ad packages and hologram
 * schemes declare them: a row's deliveries, publishing it, retrying its failed deliveries, and the
 * devices the caller may publish to.
 */
import type { z } from 'zod';
import type { AuditAction } from './audit.js';
import type { Access } from './calls.js';
import type { idParamsSchema } from './ids.js';
import type { listSchemas } from './list.js';
import type { publicationSchemas } from './publication.js';

type Publication = ReturnType<typeof publicationSchemas>;

/** What the schemas' module of an area that publishes gives beside its publication's schemas. */
interface PublishingModule {
  idParamsSchema: typeof idParamsSchema;
  listSchemas: typeof listSchemas;
}

/** Who may make each call of publishing: see the deliveries, publish (and retry), pick the devices. */
interface PublishingAccess {
  deliveries: Access;
  publish: Access;
  devices: Access;
}

/**
 * The four calls of publishing an area's rows, named `deliveries`, `publish`, `retry` and `devices`;
 * `what` names a row in their summaries ('package') and `fetches` what a device fetches of it ('the
 * file').
 */
export function publicationCalls<
  Module extends PublishingModule,
  const Deliveries extends string,
  const Retry extends string,
  const Devices extends string,
  const A extends PublishingAccess,
>({
  what,
  fetches,
  paths,
  access,
  audit,
  publication,
}: {
  what: string;
  fetches: string;
  /** The deliveries' path (a row's, where it is also published) and the retry's, with `:id`; the devices'. */
  paths: { deliveries: Deliveries; retry: Retry; devices: Devices };
  access: A;
  audit: { publish: AuditAction; retry: AuditAction };
  publication: (module: Module) => Publication;
}) {
  /** A publish or a retry: a write of a row's deliveries that answers how many it changed. */
  const publishing = <const P extends string, B extends z.ZodType>(
    path: P,
    action: AuditAction,
    summary: string,
    body: (publication: Publication) => B,
  ) =>
    ({
      method: 'POST',
      path,
      access: access.publish,
      audit: action,
      errors: [404],
      summary,
      schemas: (s: Module) => ({
        params: s.idParamsSchema,
        body: body(publication(s)),
        response: publication(s).changedSchema,
      }),
    }) as const;
  return {
    deliveries: {
      method: 'GET',
      path: paths.deliveries,
      access: access.deliveries,
      errors: [404],
      summary: `A page of the devices a ${what} is published to, with the state of each delivery`,
      description: 'wheres (base64 JSON): state =, sn like.',
      schemas: (s: Module) => {
        const { deliverySchema, deliveryFilters } = publication(s);
        return { params: s.idParamsSchema, ...s.listSchemas(deliverySchema, deliveryFilters) };
      },
    },
    publish: publishing(
      paths.deliveries,
      audit.publish,
      `Publishes a ${what} to devices of the caller's groups: each device fetches ${fetches} by a signed, expiring URL, checks its size and md5 and reports, as a job of the task engine. Answers how many`,
      (p) => p.publishBodySchema,
    ),
    retry: publishing(
      paths.retry,
      audit.retry,
      `Publishes a ${what} again to those of the given deliveries that failed; answers how many`,
      (p) => p.retryBodySchema,
    ),
    devices: {
      method: 'GET',
      path: paths.devices,
      access: access.devices,
      summary:
        "A page of the devices the caller may publish to — their own company's, within their groups — by serial",
      description: 'wheres (base64 JSON): sn like.',
      schemas: (s: Module) => {
        const { deviceSchema, deviceFilters } = publication(s);
        return s.listSchemas(deviceSchema, deviceFilters);
      },
    },
  } as const;
}
