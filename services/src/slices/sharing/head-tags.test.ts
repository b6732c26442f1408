import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../platform/http/escape-html';
import { jsonForScript, summary } from './head-tags';
import { pageTemplateOf } from './page-template';
import { BUILT_INDEX_HTML, headOf } from './page-test-kit';

describe('escaping for the head', () => {
  it('escapes the characters that end a text node or a quoted attribute', () => {
    expect(escapeHtml(`</title><a href="x" onclick='y'>&`)).toBe(
      '&lt;/title&gt;&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;',
    );
  });

  it('writes JSON that cannot close its script element and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028 \u2029' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('summary', () => {
  it('collapses whitespace and cuts long text at a word, with an ellipsis', () => {
    expect(summary('  Soft\n\n fabric  ')).toBe('Soft fabric');
    const long = 'word '.repeat(60);
    const cut = summary(long, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toMatch(/^word( word)+…$/);
  });
});

describe('the page template (the built index.html)', () => {
  it("takes the shop's name and tagline from it and replaces its title and description", () => {
    const template = pageTemplateOf(BUILT_INDEX_HTML);
    expect(template.shopName).toBe('Apex Athletics');
    expect(template.shopDescription).toMatch(/^Premium fitness apparel/);
    const head = headOf(template.render('<title>Page</title>\n<meta name="description" content="Own" />'));
    expect([head.title, head.meta('description'), head.bootsTheApp]).toEqual(['Page', 'Own', true]);
    expect(head.document.querySelectorAll('title')).toHaveLength(1);
  });

  it('refuses, at start-up, an index.html without a title, a description or a head', () => {
    expect(() => pageTemplateOf(BUILT_INDEX_HTML.replace(/<title>.*<\/title>/, ''))).toThrow(/rebuild/);
    expect(() => pageTemplateOf(BUILT_INDEX_HTML.replace(/<meta name="description"[^>]*>/, ''))).toThrow(
      /rebuild/,
    );
    expect(() => pageTemplateOf(BUILT_INDEX_HTML.replace('</head>', ''))).toThrow(/rebuild/);
  });
});
