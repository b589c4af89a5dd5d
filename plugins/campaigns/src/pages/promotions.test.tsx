import '@vap/ui/test-polyfills';
import { screen } from '@testing-library/react';
import { CAMPAIGN_PATHS, type Campaign } from '@vap/contracts';
import { renderConsolePage } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';

const CAMPAIGNS = `GET ${CAMPAIGN_PATHS.campaigns}`;
const campaign = (id: number, state: Campaign['state'], en: string, zh: string): Campaign => ({
  id,
  code: `c${id}`,
  kind: 'trade_in',
  title: { 'zh-CN': zh, en, 'zh-TW': zh },
  rules: { 'zh-CN': `${zh}规则`, en: `${en} rules`, 'zh-TW': `${zh}規則` },
  starts_at: '2025-10-01T00:00:00.000Z',
  ends_at: '2026-01-01T00:00:00.000Z',
  state,
  terms: {
    voucher_value_fen: 1_000,
    own_brand_vouchers: 2,
    other_brand_vouchers: 1,
    voucher_valid_days: 365,
    return_address: null,
    exchange_fen_per_voucher: null,
  },
});

describe('promotion_info (spec §2.3)', () => {
  it('lists current and past promotions with their state, in the console’s language', async () => {
    const items = [
      campaign(2, 'open', 'Demo trade-in', '演示换新'),
      campaign(1, 'ended', 'Trade-in 2025', '换新 2025'),
    ];
    await renderConsolePage(
      plugin,
      'promotion_info',
      { [CAMPAIGNS]: { body: { items } } },
      { language: 'zh-CN' },
    );
    expect(await screen.findByRole('heading', { name: '演示换新' })).toBeTruthy();
    expect(screen.getByText('换新 2025规则')).toBeTruthy();
    expect(screen.getByText('已结束')).toBeTruthy();
    expect(screen.getByText('进行中')).toBeTruthy();
  });

  it('says when there is none', async () => {
    await renderConsolePage(plugin, 'promotion_info', { [CAMPAIGNS]: { body: { items: [] } } });
    expect(await screen.findByText(en.promotions.empty)).toBeTruthy();
  });
});
