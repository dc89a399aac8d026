import { html, imageDataUrl, trustedMarkup } from './html';

describe('server-side HTML templates', () => {
  it('escapes every interpolated value, including inside attributes', () => {
    const name = `<img src=http://evil.test/x onerror="alert(1)"><script>fetch('http://evil.test')</script>`;
    const out = html`<p title="${name}">${name}</p>`.value;
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<script');
    expect(out).toContain('&lt;img src=http://evil.test/x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('keeps nested templates and trusted markup, drops null and false', () => {
    const rows = ['a<b', 'c'].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${rows}${null}${false}${trustedMarkup('<svg></svg>')}</ul>`.value).toBe('<ul><li>a&lt;b</li><li>c</li><svg></svg></ul>');
  });

  it('accepts only base64 image data URLs as images', () => {
    expect(imageDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(imageDataUrl('http://partner.test/logo.png')).toBeNull();
    expect(imageDataUrl('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
    expect(imageDataUrl('javascript:alert(1)')).toBeNull();
  });
});
