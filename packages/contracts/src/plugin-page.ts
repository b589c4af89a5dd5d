/**
 * The page name of a plugin's page, for its calls' access (`{ page: pluginPage('map_view') }`).
 * Marked, so that a plain string still fails where a built-in page's name is meant: a typo of one
 * stays a type error. Free of zod, as the declarations that name it are.
 */
export type PluginPageName = string & { readonly __pluginPage: true };

/** Marks a plugin's page name for a call's access. */
export function pluginPage(name: string): PluginPageName {
  return name as PluginPageName;
}
