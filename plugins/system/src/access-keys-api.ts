/** The calls of the AccessKey page (spec §2.2 `/accesskey`), typed by @vap/contracts. Owner only. */
import {
  ACCESS_KEY_PATHS,
  type AccessKey,
  type AccessKeyCreated,
  accessKeyCreatedSchema,
  accessKeyListSchema,
  accessKeySchema,
  type CreateAccessKeyBody,
  type OpenOperation,
  openOperationsSchema,
} from '@vap/contracts';
import type { HttpClient } from '@vap/kernel';

export interface AccessKeysApi {
  /** Every key of the company, newest first (the server does not page them). */
  list(): Promise<AccessKey[]>;
  /** The answer carries the secret, which the server never shows again. */
  create(body: CreateAccessKeyBody): Promise<AccessKeyCreated>;
  setDisabled(id: string, disabled: boolean): Promise<AccessKey>;
  remove(id: string): Promise<void>;
  /** The operations of the open API a key may be given. */
  operations(): Promise<OpenOperation[]>;
}

export function createAccessKeysApi(http: HttpClient): AccessKeysApi {
  return {
    list: async () => (await http.get(ACCESS_KEY_PATHS.keys, { schema: accessKeyListSchema })).items,
    create: (body) => http.post(ACCESS_KEY_PATHS.keys, body, { schema: accessKeyCreatedSchema }),
    setDisabled: (id, disabled) =>
      http.patch(ACCESS_KEY_PATHS.key(id), { disabled }, { schema: accessKeySchema }),
    remove: async (id) => {
      await http.delete(ACCESS_KEY_PATHS.key(id));
    },
    operations: async () =>
      (await http.get(ACCESS_KEY_PATHS.operations, { schema: openOperationsSchema })).items,
  };
}
