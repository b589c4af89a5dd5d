import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';
import { renderMqttPage } from './test-support.js';

describe('the mqtt plugin', () => {
  it('shows the mqtt dir only while the broker answers a version (spec §2.3)', () => {
    const rule = plugin.menuDirs?.find((dir) => dir.path === 'mqtt');
    const context = (main_version: string) => ({
      user: {} as never,
      products: {},
      mqttVersion: { main_version, api_version: '', metrics_api_version: '', unix_milli: 0 },
    });
    expect(rule?.visible(context('aedes 1.2.0'))).toBe(true);
    expect(rule?.visible(context(''))).toBe(false);
    expect(rule?.visible({ ...context(''), mqttVersion: null })).toBe(false);
  });

  it('speaks the language the user chose', async () => {
    await renderMqttPage('mqtt_debug_tool', {}, { language: 'zh-TW' });
    expect(await screen.findByRole('heading', { name: zhTW.debug.title })).toBeTruthy();
    cleanup();
    await renderMqttPage('mqtt_debug_tool', {}, { language: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: zhCN.debug.title })).toBeTruthy();
  });
});
