import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanHtml, htmlToText, SafeHtml, textToHtml } from '../src/lib/safe-html';

const HOSTILE =
  '<p onclick="x()" style="color:red">Hi <b>bold</b> <i>it</i></p><script>window.pwned = 1</script>' +
  '<iframe src="https://evil.example"></iframe><img src="x" onerror="window.pwned = 1">' +
  '<a href="javascript:alert(1)">js</a> <a href=" https://ok.example/a?b=1&amp;c=2">ok</a>' +
  '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><h3>Head</h3><blockquote>quote</blockquote>';

describe('safe HTML (the page’s second allow-list for mail)', () => {
  it('renders only allowed elements, safe links, and never runs anything', () => {
    const { container } = render(<SafeHtml html={HOSTILE} />);
    expect(container.querySelector('script, iframe, img, [onclick], [style]')).toBeNull();
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(container.querySelector('em')).toHaveTextContent('it');
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://ok.example/a?b=1&c=2');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container).toHaveTextContent('js');
    expect(container.querySelectorAll('li')).toHaveLength(3);
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('cleans a draft for the editor and converts between plain and rich text', () => {
    expect(cleanHtml('<p style="x">a<script>b</script><b>c</b><a href="data:x">d</a></p>')).toBe(
      '<p>a<strong>c</strong>d</p>',
    );
    expect(textToHtml('Hello <you>,\n\nline one\nline two')).toBe(
      '<p>Hello &lt;you&gt;,</p><p>line one<br>line two</p>',
    );
    expect(
      htmlToText(
        '<p>Hello <strong>you</strong></p><ul><li>a</li><li>b</li></ul><p><a href="https://x.example">map</a></p>',
      ),
    ).toBe('Hello you\n\n- a\n- b\n\nmap (https://x.example)');
  });
});
