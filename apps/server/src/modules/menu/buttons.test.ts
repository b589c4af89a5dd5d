/**
 * Every button the menu catalogue seeds for a page of the console is one that page checks (issue
 * 29): its plugin's manifest declares it — the console shows or hides what it guards by the role's
 * grant — and the server enforces it where its action happens: a route (`config.access: { page,
 * button }`), or the MQTT broker on a connection whose credentials a route of the page issues (the
 * debug tool's `subscribe` and `send`: the route declares `brokerEnforces`, and counts only buttons
 * the broker's own table holds — modules/mqtt user-clients.ts DEBUG_TOOL, which its ACL reads;
 * debug-buttons.test.ts proves the refusals over real connections). A button that is only data,
 * which a role can be granted and with which nothing happens, fails here: give it its action on
 * both sides, or take it out of the catalogue with a migration (as 0028 and 0029 did).
 *
 * The pages of the console are those of the plugins in apps/console/plugins.json, their manifests
 * their builds' `dist/manifest.json` (apps/server/turbo.json has the server's tests wait for the
 * console's build). The pages of areas whose plugin is not built yet (apps/console
 * planned-plugins.ts) show "coming soon" and check nothing: their buttons wait for their plugins.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PluginManifest, pluginManifestSchema } from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, pagesOf } from '../../core/http/access.js';
import { menuItems } from '../../core/menu/schema.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { DEBUG_TOOL } from '../mqtt/user-clients.js';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/**
 * Seeded buttons no page checks yet, each with the work that will give it its action or remove it.
 * An entry whose button has since become checked fails the test below: take it out then.
 */
const KNOWN_EXCEPTIONS: Readonly<Record<string, string>> = {};

/** The buttons the broker enforces itself, by page: the table its ACL reads (user-clients.ts). */
const BROKER_BUTTONS: ReadonlyMap<string, readonly string[]> = new Map([
  [DEBUG_TOOL.page, Object.values(DEBUG_TOOL.acts)],
]);

/** The manifests of the console's plugins (apps/console/plugins.json: package names or plugin directories). */
function consoleManifests(): PluginManifest[] {
  const listed: string[] = JSON.parse(readFileSync(join(ROOT, 'apps/console/plugins.json'), 'utf8'));
  const dirs = new Map<string, string>();
  for (const entry of readdirSync(join(ROOT, 'plugins'), { withFileTypes: true })) {
    const pkg = join(ROOT, 'plugins', entry.name, 'package.json');
    if (entry.isDirectory() && existsSync(pkg))
      dirs.set(
        (JSON.parse(readFileSync(pkg, 'utf8')) as { name: string }).name,
        join(ROOT, 'plugins', entry.name),
      );
  }
  return listed.map((name) => {
    const dir = dirs.get(name) ?? join(ROOT, 'apps/console', name);
    const file = join(dir, 'dist/manifest.json');
    if (!existsSync(file))
      throw new Error(`${file} is missing: build the console's plugins first (npm run build)`);
    return pluginManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  });
}

describe('the buttons of the menu catalogue (issue 29)', () => {
  let t: TestApp;
  const enforced = new Set<string>();
  /** Buttons the broker enforces on a connection whose credentials a route of their page issues. */
  const brokerEnforced = new Set<string>();
  /** `brokerEnforces` declarations the broker's table does not back, or on a route of no page. */
  const unbacked: string[] = [];
  let seeded: string[];
  let declared: Map<string, readonly string[]>;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      onRoute: (route) => {
        const config = route.config as { access?: Access; brokerEnforces?: readonly string[] } | undefined;
        const pages = config?.access ? pagesOf(config.access) : [];
        for (const { page, button } of pages) if (button !== undefined) enforced.add(`${page}.${button}`);
        for (const button of config?.brokerEnforces ?? []) {
          if (pages.length === 0) unbacked.push(`${route.url}: ${button}`);
          for (const { page } of pages)
            if (BROKER_BUTTONS.get(page)?.includes(button)) brokerEnforced.add(`${page}.${button}`);
            else unbacked.push(`${route.url}: ${page}.${button}`);
        }
      },
    });
    const page = alias(menuItems, 'page');
    const rows = await t.database.db
      .select({ page: page.name, button: menuItems.name })
      .from(menuItems)
      .innerJoin(page, and(eq(page.id, menuItems.parentId), eq(page.type, 'page')))
      .where(and(eq(menuItems.type, 'btn'), eq(menuItems.plugin, ''), eq(menuItems.removed, false)));
    declared = new Map(
      consoleManifests().flatMap((manifest) => manifest.pages.map((p) => [p.name, p.buttons] as const)),
    );
    seeded = rows.filter((row) => declared.has(row.page)).map((row) => `${row.page}.${row.button}`);
  });
  afterAll(() => t.close());

  const unchecked = () =>
    seeded.filter((button) => {
      const [page = '', name = ''] = button.split('.');
      return !(declared.get(page)?.includes(name) && (enforced.has(button) || brokerEnforced.has(button)));
    });

  it("has no button a page of the console leaves unchecked, on the console's side or the server's", () => {
    expect(seeded.length).toBeGreaterThan(20);
    expect(unchecked().filter((button) => !Object.hasOwn(KNOWN_EXCEPTIONS, button))).toEqual([]);
  });

  it('counts a button the broker enforces only where its table holds it and a route issuing the credentials needs its page', () => {
    expect(unbacked).toEqual([]);
    expect([...brokerEnforced].sort()).toEqual(['mqtt_debug_tool.send', 'mqtt_debug_tool.subscribe']);
  });

  it('lists as known exceptions only buttons still unchecked', () => {
    const stale = Object.keys(KNOWN_EXCEPTIONS).filter((button) => !unchecked().includes(button));
    expect(stale).toEqual([]);
  });
});
