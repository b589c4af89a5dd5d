/**
 * Where the debug tool's client lives while its tab is open (spec §2.3: mqtt_debug_tool keeps its
 * state). Outside React: the console hides a kept page with `<Activity>`, which runs its effects'
 * clean-ups, and a test unmounts it; neither may close the connection or lose the log. Loaded at
 * boot, so it stays tiny and knows nothing of mqtt.js.
 */
import { createServiceRef, type EventBus } from '@vap/kernel';

/** The page name the catalogue gives the debug tool (spec §2.3). */
export const DEBUG_TOOL_PAGE = 'mqtt_debug_tool';

/** What the holder keeps: something to end when the tool's state is dropped. */
export interface Disposable {
  dispose(): void;
}

/** The part of the kernel's tabs service the holder follows. */
export interface TabsLike {
  readonly state: { readonly views: readonly { readonly name: string }[] };
  subscribe(listener: () => void): () => void;
}

export class DebugToolHolder {
  #current: Disposable | null = null;
  /** Whether the debug tool's tab was open when the tabs last changed. */
  #tabOpen = false;

  /**
   * The kept value, made by `create` the first time and after each drop. One page uses it, always
   * with the same `create`, so the value is of the type it made.
   */
  get<T extends Disposable>(create: () => T): T {
    this.#current ??= create();
    return this.#current as T;
  }

  /** Ends the kept value: the next `get` starts afresh. */
  drop(): void {
    const current = this.#current;
    this.#current = null;
    current?.dispose();
  }

  /**
   * Drops the state when the console would drop a kept page's (docs/plugin-api.md, "Pages at run
   * time"): its tab closed or refreshed, and when the session ends (logout, another user).
   */
  follow(bus: EventBus, tabs: TabsLike): void {
    bus.subscribe('session.cleared', () => this.drop());
    bus.subscribe('tabs.refresh', ({ name }) => {
      if (name === DEBUG_TOOL_PAGE) this.drop();
    });
    tabs.subscribe(() => {
      const open = tabs.state.views.some((view) => view.name === DEBUG_TOOL_PAGE);
      // Only a tab seen open and now gone is a close: a page shown without tabs (a test) keeps it.
      if (this.#tabOpen && !open) this.drop();
      this.#tabOpen = open;
    });
  }
}

/** The plugin's one debug tool, kept outside React (index.ts). */
export const DebugToolRef = createServiceRef<DebugToolHolder>('mqtt.debug-tool');
