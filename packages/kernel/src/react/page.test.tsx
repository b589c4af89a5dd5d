import { describe, expect, it } from 'vitest';
import { I18n } from '../i18n.js';
import { messages } from '../plugin.js';
import type { AppRoute } from '../routes.js';
import { preloadPage, routePage, withMessages } from './page.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const Page = () => null;

/** A plugin's strings whose load is held until the test lets it go. */
function heldStrings() {
  const held = deferred<{ default: { title: string } }>();
  let asked = 0;
  const strings = messages('devices', {
    en: () => {
      asked += 1;
      return held.promise;
    },
    'zh-CN': () => held.promise,
    'zh-TW': () => held.promise,
  });
  return { strings, held, asked: () => asked };
}

describe('withMessages', () => {
  it("fetches a component's code and its plugin's strings together, and gives the component once both are there", async () => {
    const { strings, held, asked } = heldStrings();
    const i18n = new I18n('en', [strings]);
    await i18n.ready;
    const code = deferred<{ default: typeof Page }>();
    let codeAsked = 0;
    const loader = withMessages(
      () => {
        codeAsked += 1;
        return code.promise;
      },
      ['devices'],
      i18n,
    );
    let loaded = false;
    const loading = loader().then((module) => {
      loaded = true;
      return module;
    });
    await new Promise((done) => setTimeout(done, 0));
    expect([codeAsked, asked()]).toEqual([1, 1]);
    code.resolve({ default: Page });
    await new Promise((done) => setTimeout(done, 0));
    expect(loaded).toBe(false);
    held.resolve({ default: { title: 'Devices' } });
    expect((await loading).default).toBe(Page);
    expect(i18n.namespaceT('devices')('title')).toBe('Devices');
  });

  it('gives one loader per component and i18n, so that the component is made once', () => {
    const i18n = new I18n('en', [heldStrings().strings]);
    const loader = async () => ({ default: Page });
    expect(withMessages(loader, ['devices'], i18n)).toBe(withMessages(loader, ['devices'], i18n));
    expect(withMessages(loader, [], i18n)).toBe(loader);
    expect(withMessages(loader, undefined, i18n)).toBe(loader);
  });
});

describe('routePage', () => {
  const route = (extra: Partial<AppRoute>): AppRoute => ({
    name: 'devices',
    type: 'page',
    path: '/device/list',
    title: 'menu.devices',
    icon: '',
    hidden: false,
    external: false,
    buttons: [],
    children: [],
    ...extra,
  });

  it("loads a page with its plugin's strings, and has nothing to load for a page no plugin claims", async () => {
    const { strings, held } = heldStrings();
    const i18n = new I18n('en', [strings]);
    const component = async () => ({ default: Page });
    const page = { name: 'devices', component, buttons: [], keepAlive: false, affix: false };
    expect(routePage(route({}), i18n)).toBeUndefined();
    const loader = routePage(route({ page, messages: ['devices'] }), i18n);
    expect(loader).not.toBe(component);
    held.resolve({ default: { title: 'Devices' } });
    await preloadPage(loader ?? component);
    expect(i18n.instance.hasLoadedNamespace('devices')).toBe(true);
  });
});
