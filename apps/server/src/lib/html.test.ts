import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from './html.js';

describe('sanitizeRichHtml', () => {
  it('keeps the rich text a blog or product page needs', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em> and <u>underlined</u> text.</p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote><p>quote</p></blockquote>' +
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>' +
      '<p class="note">note</p><hr /><img src="https://cdn.example.com/a.webp" alt="jar" width="200" height="100" />';
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it('removes scripts together with their text', () => {
    expect(sanitizeRichHtml('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeRichHtml('<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok')).toBe('ok');
  });

  it('removes event handlers', () => {
    expect(sanitizeRichHtml('<img src=x onerror=alert(1)>')).not.toMatch(/onerror|alert/);
    expect(sanitizeRichHtml('<p onclick="alert(1)" onmouseover="x()">hi</p>')).toBe('<p>hi</p>');
  });

  it.each([
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="java&#x73;cript:alert(1)">x</a>',
    '<a href="  javascript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  ])('drops the dangerous link in %s', (html) => {
    const out = sanitizeRichHtml(html);
    expect(out).not.toMatch(/javascript|vbscript|data:|href/i);
    expect(out).toContain('x');
  });

  it('drops images that are not plain http(s) (data:, javascript:, protocol-relative)', () => {
    expect(sanitizeRichHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=" />')).not.toContain('data:');
    expect(sanitizeRichHtml('<img src="javascript:alert(1)" />')).not.toContain('javascript');
    expect(sanitizeRichHtml('<img src="//evil.example/a.png" />')).not.toContain('evil.example');
  });

  it.each(['iframe', 'object', 'embed', 'form', 'input', 'svg', 'math', 'style', 'link', 'meta', 'base', 'textarea'])(
    'removes <%s>',
    (tag) => {
      const out = sanitizeRichHtml(`<p>keep</p><${tag} src="https://evil.example" href="https://evil.example">x</${tag}>`);
      expect(out).not.toContain(`<${tag}`);
      expect(out).not.toContain('evil.example');
      expect(out).toContain('<p>keep</p>');
    },
  );

  it('removes style and id attributes', () => {
    expect(sanitizeRichHtml('<p style="position:fixed;top:0" id="login">x</p>')).toBe('<p>x</p>');
  });

  it('makes every link safe to open in a new tab', () => {
    expect(sanitizeRichHtml('<a href="https://farm.example" target="_blank" rel="opener">farm</a>')).toBe(
      '<a href="https://farm.example" target="_blank" rel="noopener noreferrer">farm</a>',
    );
    expect(sanitizeRichHtml('<a href="mailto:hello@farm.example">mail</a>')).toContain('href="mailto:hello@farm.example"');
    expect(sanitizeRichHtml('<a href="tel:+919999999999">call</a>')).toContain('href="tel:+919999999999"');
    expect(sanitizeRichHtml('<a href="/allproducts">shop</a>')).toContain('href="/allproducts"');
  });

  it('closes unclosed tags and trims', () => {
    expect(sanitizeRichHtml('  <p><strong>open  ')).toBe('<p><strong>open  </strong></p>');
  });

  it('answers an empty string for nothing but unsafe HTML', () => {
    expect(sanitizeRichHtml('<script>alert(1)</script><style>p{}</style>')).toBe('');
  });

  it('escapes text so that it cannot become markup', () => {
    expect(sanitizeRichHtml('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>')).toBe('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>');
    expect(sanitizeRichHtml('<p>"quoted" <3</p>')).not.toContain('<3');
  });
});
