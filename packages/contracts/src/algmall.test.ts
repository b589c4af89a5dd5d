import { describe, expect, it } from 'vitest';
import { PRODUCT_FILTERS, productInputSchema } from './algmall.js';
import { checkWheres } from './list.js';

const words = (text: string) => ({ 'zh-CN': `${text}（中）`, en: text, 'zh-TW': `${text}（繁）` });

const product = {
  code: 'perimeter_intrusion',
  name: words('Perimeter intrusion'),
  summary: words('Alarms when a person crosses a line'),
  detail: words('Draw a line or an area.'),
  version: '2.1.0',
  kinds: ['ipc'],
  price_fen: 19_900,
  trial_days: 15,
};

const problems = (input: unknown) => {
  const result = productInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('a product of the algorithm mall, as the operator loads it (issue 31)', () => {
  it('takes a product with its words in the three languages, no images and every model by default', () => {
    const parsed = productInputSchema.parse(product);
    expect(parsed.images).toEqual([]);
    expect(parsed.models).toEqual([]);
  });

  it('needs every text in each of the three languages', () => {
    expect(problems({ ...product, name: { 'zh-CN': '周界入侵', en: 'Perimeter intrusion' } })).toEqual([
      'name.zh-TW',
    ]);
    expect(problems({ ...product, summary: { ...product.summary, en: '   ' } })).toEqual(['summary.en']);
  });

  it('refuses a code that is not lower-case letters, digits, _ and -, a kind no device has, a price in yuan', () => {
    expect(problems({ ...product, code: 'Perimeter Intrusion' })).toEqual(['code']);
    expect(problems({ ...product, kinds: ['dvr'] })).toEqual(['kinds.0']);
    expect(problems({ ...product, kinds: [] })).toEqual(['kinds']);
    expect(problems({ ...product, price_fen: 199.5 })).toEqual(['price_fen']);
    expect(problems({ ...product, price_fen: -1 })).toEqual(['price_fen']);
  });

  it('takes no trial as null, and a trial of 1 to 90 days', () => {
    expect(problems({ ...product, trial_days: null })).toEqual([]);
    expect(problems({ ...product, trial_days: 0 })).toEqual(['trial_days']);
    expect(problems({ ...product, trial_days: 91 })).toEqual(['trial_days']);
  });

  it('shows images from https addresses or from this server only', () => {
    expect(problems({ ...product, images: ['https://cdn.example.com/a.png', '/objects/a.png'] })).toEqual([]);
    for (const image of [
      'http://example.com/a.png',
      'javascript:alert(1)',
      '//evil.example/a.png',
      'data:image/png;base64,AA',
    ]) {
      expect(problems({ ...product, images: [image] }), image).toEqual(['images.0']);
    }
  });
});

describe('the product list’s filters (issue 31)', () => {
  it('filter by a device kind and by words of a name or summary', () => {
    const checked = checkWheres(
      [
        { k: 'kind', o: '=', v: 'nvr' },
        { k: 'text', o: 'like', v: ' helmet ' },
      ],
      PRODUCT_FILTERS,
    );
    expect(checked).toEqual({
      ok: true,
      wheres: [
        { k: 'kind', o: '=', v: 'nvr' },
        { k: 'text', o: 'like', v: 'helmet' },
      ],
    });
  });
});
