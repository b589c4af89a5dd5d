/** The console's plugin list, made by vite/vap-plugins.ts from plugins.json. */
declare module 'virtual:vap-plugins' {
  export const pluginPackages: Readonly<Record<string, () => Promise<{ default: unknown }>>>;
}
