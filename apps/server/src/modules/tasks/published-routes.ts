/**
 * The routes every owner of things published to devices shares (hologram parking's schemes, ad
 * packages; issue 32): deleting a thing, a page of its deliveries, publishing it, publishing it
 * again and the devices to publish to — each the `PublishedThings` method of the same name, for
 * the caller. The owner serves the calls of its things' own shape (a page of them, one, a file's
 * upload token, adding and editing one) first: these come last in its routes.
 */
import type {
  AnyCall,
  CallAnswer,
  CallSchemas,
  DeclaredCall,
  HttpMethod,
  ListPage,
  ListRules,
} from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller, permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { Delivery, PublishableDevice } from './deliveries.js';
import type { PublishedThings } from './published.js';

/** A declared call of these schemas, whatever its method, path, access and audit. */
type CallOf<S extends CallSchemas> = DeclaredCall<HttpMethod, string, S, false>;
/** A schema of what the server parses (`Out`) or answers (`In`). */
type Parses<Out> = z.ZodType<Out, unknown>;
type Answers<In> = z.ZodType<unknown, In>;
type IdParams = Parses<{ id: number }>;
type Changed = Answers<{ changed: number }>;

/** The calls of a thing's publication, as the owner's contract declares them. */
export interface PublishingCalls {
  remove: CallOf<{ params: IdParams; response: null }>;
  deliveries: CallOf<{ params: IdParams; response: Answers<ListPage<Delivery>>; list: ListRules }>;
  publish: CallOf<{ params: IdParams; body: Parses<{ device_ids: number[] }>; response: Changed }>;
  retry: CallOf<{ params: IdParams; body: Parses<{ ids: number[] }>; response: Changed }>;
  devices: CallOf<{ response: Answers<ListPage<PublishableDevice>>; list: ListRules }>;
}

/** A call whose answer's schema takes an `A` (the interface checks only the other way: what it takes is one). */
type Taking<C extends AnyCall, A> = [A] extends [CallAnswer<C>] ? C : never;

/** Serves the publication calls of `things` on `app`. */
export async function servePublishing<Calls extends PublishingCalls>(
  app: FastifyInstance,
  db: Db,
  declared: Calls & {
    deliveries: Taking<Calls['deliveries'], ListPage<Delivery>>;
    publish: Taking<Calls['publish'], { changed: number }>;
    retry: Taking<Calls['retry'], { changed: number }>;
    devices: Taking<Calls['devices'], ListPage<PublishableDevice>>;
  },
  things: PublishedThings<{ id: number }, unknown>,
) {
  const calls: PublishingCalls = declared;
  await serve(app, calls.remove, async (request) => {
    await things.remove(await companyOfCaller(request, db), request.params.id, auditTrail(request));
  });
  await serve(app, calls.deliveries, async (request, _reply, list) =>
    things.deliveries(await companyOfCaller(request, db), request.params.id, list),
  );
  await serve(app, calls.publish, async (request) =>
    things.publish(
      await permissionsOf(request, db),
      request.params.id,
      request.body.device_ids,
      auditTrail(request),
    ),
  );
  await serve(app, calls.retry, async (request) =>
    things.retry(
      await companyOfCaller(request, db),
      request.params.id,
      request.body.ids,
      auditTrail(request),
    ),
  );
  await serve(app, calls.devices, async (request, _reply, list) =>
    things.devices(await permissionsOf(request, db), list),
  );
}
