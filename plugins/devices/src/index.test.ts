import './test-support.js';
import { screen } from '@testing-library/react';
import { DEVICE_PATHS } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import { deviceAnswers, renderDevicePage } from './test-support.js';

const emptyAreas = {
  ...deviceAnswers([], []),
  [`GET ${DEVICE_PATHS.bindRecords}`]: { body: { items: [], total: 0 } },
};

describe('the devices plugin', () => {
  it.each([
    ['device_maintenance', 'table', en.maintenance.title],
    ['device_bind_record', 'table', en.records.title],
    ['device_verify', 'form', en.verify.title],
  ] as const)(
    "opens %s from the server's menu item of that name, as its %s “%s”",
    async (name, role, title) => {
      await renderDevicePage(name, emptyAreas);
      expect(await screen.findByRole(role, { name: title })).toBeTruthy();
    },
  );
});
