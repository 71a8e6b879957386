// "Other observations" of the certificate labelled in words, not internal camelCase keys.
// The certificate at 400, 800 and 1280 px is seen in the browser of test/reports/render/html/browser.test.ts
// (one Chromium for every browser test).
import { describe, expect, it } from 'vitest';
import { observationsHtml } from '../../../../reports/render/html/observed.ts';

describe('Other observations', () => {
  it('are labelled in words, the internal key kept small beside the label', () => {
    const html = observationsHtml({ tokenCheckedFirst: true, someNewThing: 1, 'fixtures.sales.lifecycle': 'took 1003' });
    expect(html).toContain('<summary>Token checked before validation <code class="muted">tokenCheckedFirst</code></summary>');
    expect(html).toContain('<summary>Some new thing <code class="muted">someNewThing</code></summary>');
    expect(html).toContain('<summary>fixtures.sales.lifecycle</summary>');
  });
});
