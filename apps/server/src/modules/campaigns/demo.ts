/**
 * The demo's campaigns (seed.ts): the spec's trade-in and balance-exchange campaigns ended in 2025,
 * so the demo opens the same terms in a window around the first start — the flows can be tried
 * today. Seeding again changes nothing (keyed by code).
 */
import type { Db } from '../../core/db/client.js';
import { campaigns } from './schema.js';
import { BALANCE_EXCHANGE_TERMS, TRADE_IN_TERMS } from './terms.js';

const DAY_MS = 86_400_000;
export const DEMO_CAMPAIGN_CODE = 'demo-trade-in';
export const DEMO_EXCHANGE_CODE = 'demo-balance-exchange';

export async function seedDemoCampaign(
  db: Db,
  now: number = Date.now(),
  code: string = DEMO_CAMPAIGN_CODE,
): Promise<void> {
  await db
    .insert(campaigns)
    .values({
      code,
      kind: 'trade_in',
      title: {
        'zh-CN': '旧设备换代金券（演示）',
        en: 'Old devices for vouchers (demo)',
        'zh-TW': '舊設備換代金券（演示）',
      },
      rules: {
        'zh-CN':
          '寄回旧设备即可获得代金券：本品牌设备每台 2 张，其他品牌每台 1 张，每张 10 元。审核通过后 24 小时内到账，可抵扣余额或转给合作的一级客户。',
        en: 'Send old devices back and get vouchers: two for each device of our brands, one for any other brand, ¥10 each. Credited within 24 hours of approval; use them for your balance or transfer them to a cooperating first-level customer.',
        'zh-TW':
          '寄回舊設備即可獲得代金券：本品牌設備每台 2 張，其他品牌每台 1 張，每張 10 元。審核通過後 24 小時內到帳，可抵扣餘額或轉給合作的一級客戶。',
      },
      startsAt: new Date(now - DAY_MS),
      endsAt: new Date(now + 90 * DAY_MS),
      terms: TRADE_IN_TERMS,
    })
    .onConflictDoNothing();
}

/** The balance exchange of the demo: ¥9 of balance per ¥10 voucher, as the spec's campaign. */
export async function seedDemoExchange(
  db: Db,
  now: number = Date.now(),
  code: string = DEMO_EXCHANGE_CODE,
): Promise<void> {
  await db
    .insert(campaigns)
    .values({
      code,
      kind: 'balance_exchange',
      title: {
        'zh-CN': '余额兑换代金券（演示）',
        en: 'Balance for vouchers (demo)',
        'zh-TW': '餘額兌換代金券（演示）',
      },
      rules: {
        'zh-CN': '每 9 元余额可兑换一张 10 元代金券，兑换即时到账，可抵扣余额或转给合作的一级客户。',
        en: 'Every ¥9 of balance buys a ¥10 voucher, credited at once; use it for your balance or transfer it to a cooperating first-level customer.',
        'zh-TW': '每 9 元餘額可兌換一張 10 元代金券，兌換即時到帳，可抵扣餘額或轉給合作的一級客戶。',
      },
      startsAt: new Date(now - DAY_MS),
      endsAt: new Date(now + 90 * DAY_MS),
      terms: BALANCE_EXCHANGE_TERMS,
    })
    .onConflictDoNothing();
}
