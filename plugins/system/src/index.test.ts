import './test-support.js';
import { screen } from '@testing-library/react';
import { AUDIT_PATHS, DEVICE_PATHS, SYSTEM_PATHS } from '@vap/contracts';
import { renderConsolePage } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';
import en from './locales/en.json';
import { rolesAnswer } from './test-support.js';

const emptyLists = {
  ...rolesAnswer([]),
  [`GET ${SYSTEM_PATHS.users}`]: { body: { items: [], total: 0 } },
  [`GET ${SYSTEM_PATHS.children}`]: { body: { items: [], total: 0 } },
  [`GET ${DEVICE_PATHS.groups}`]: { body: { items: [] } },
  [`GET ${AUDIT_PATHS.list}`]: { body: { items: [], total: 0 } },
};

describe('the system plugin', () => {
  it.each([
    ['system_user', en.users.title],
    ['system_role', en.roles.title],
    ['system_audit', en.audit.title],
  ])("opens %s from the server's menu item of that name, as its table “%s”", async (name, title) => {
    await renderConsolePage(plugin, name, emptyLists);
    expect(await screen.findByRole('table', { name: title })).toBeTruthy();
  });
});
