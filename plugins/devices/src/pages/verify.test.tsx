import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEVICE_PATHS } from '@vap/contracts';
import { callsTo, refusal } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import { type PageOptions, renderDevicePage } from '../test-support.js';

const genuine = {
  genuine: true,
  sn: '12345678901320000001',
  model: 'VC-200',
  kind: 'ipc',
  production_date: '2025-11-20',
  state: 'bound_elsewhere',
};

const renderVerify = (options: PageOptions = {}) => renderDevicePage('device_verify', {}, options);

async function verify(code: string) {
  const form = await screen.findByRole('form', { name: en.verify.title });
  await userEvent.type(within(form).getByLabelText(en.verify.code), code);
  await userEvent.click(within(form).getByRole('button', { name: en.verify.submit }));
}

describe('device_verify', () => {
  it('starts empty, asking for a serial or a device code', async () => {
    await renderVerify();
    expect(await screen.findByText(en.verify.empty)).toBeTruthy();
  });

  it('checks the code with verifyDeviceBodySchema before asking the server', async () => {
    const { api } = await renderVerify();
    await verify('hello');
    expect(await screen.findByText('Enter a device serial or a device code')).toBeTruthy();
    expect(callsTo(api.calls, 'POST', DEVICE_PATHS.verify)).toEqual([]);
  });

  it('shows a genuine unit: model, kind, production date and where it stands', async () => {
    const { api } = await renderVerify({ answers: { [`POST ${DEVICE_PATHS.verify}`]: { body: genuine } } });
    await verify(' abcdef01-23456789 ');
    const result = await screen.findByRole('status', { name: en.verify.result });
    expect(within(result).getByText(en.verify.genuine)).toBeTruthy();
    expect(within(result).getByText('VC-200')).toBeTruthy();
    expect(within(result).getByText(en.kind.ipc)).toBeTruthy();
    expect(within(result).getByText('2025-11-20')).toBeTruthy();
    expect(within(result).getByText(en.verify.states.bound_elsewhere)).toBeTruthy();
    expect(callsTo(api.calls, 'POST', DEVICE_PATHS.verify)[0]?.body).toEqual({ code: 'abcdef01-23456789' });
  });

  it('says when a unit is not genuine', async () => {
    await renderVerify({ answers: { [`POST ${DEVICE_PATHS.verify}`]: { body: { genuine: false } } } });
    await verify('12345678901180000001');
    expect(await screen.findByText(en.verify.notGenuine)).toBeTruthy();
  });

  it('429 shows the server message', async () => {
    await renderVerify({
      answers: {
        [`POST ${DEVICE_PATHS.verify}`]: refusal(429, {
          code: 'rate_limited',
          message: 'Too many checks, try again in a minute',
        }),
      },
    });
    await verify('12345678901180000001');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many checks, try again in a minute');
  });

  it('shows the result of the latest check only', async () => {
    let answer: object = genuine;
    await renderVerify({ answers: { [`POST ${DEVICE_PATHS.verify}`]: () => ({ body: answer }) } });
    await verify('12345678901180000001');
    await screen.findByText(en.verify.genuine);
    answer = { genuine: false };
    await userEvent.click(screen.getByRole('button', { name: en.verify.submit }));
    await waitFor(() => expect(screen.queryByText(en.verify.genuine)).toBeNull());
    expect(screen.getByText(en.verify.notGenuine)).toBeTruthy();
  });

  it('a role without the verify button cannot check', async () => {
    await renderVerify({ roleId: 4, buttons: [] });
    expect(await screen.findByText(en.verify.notPermitted)).toBeTruthy();
    expect(screen.queryByRole('form', { name: en.verify.title })).toBeNull();
  });

  it('speaks the language the user chose', async () => {
    await renderVerify({ language: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: zhCN.verify.title })).toBeTruthy();
  });
});
