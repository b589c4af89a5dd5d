/**
 * User info as JSON. Its menu tree is most of the answer (tens of kilobytes for the owner) and is
 * one shared, frozen object per grant (MenuCatalogue.tree), so it is checked against the schema and
 * stringified once per tree; the caller's own fields are checked and stringified on every answer,
 * as every other route's are. The route keeps its full response schema for the OpenAPI document.
 */
import { type UserInfo, userInfoSchema } from '@vap/contracts';

const fieldsSchema = userInfoSchema.omit({ menus: true });
const menusSchema = userInfoSchema.shape.menus;

/** Keyed by the tree object itself: a tree is never changed once answered (it is frozen). */
const menusJson = new WeakMap<object, string>();

export function userInfoJson(info: UserInfo): string {
  const { menus, ...fields } = info;
  let menus_ = menusJson.get(menus);
  if (menus_ === undefined) {
    menus_ = JSON.stringify(menusSchema.parse(menus));
    menusJson.set(menus, menus_);
  }
  const head = JSON.stringify(fieldsSchema.parse(fields));
  return `${head.slice(0, -1)},"menus":${menus_}}`;
}
