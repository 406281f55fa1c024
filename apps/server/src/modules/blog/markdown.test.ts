import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

/**
 * Every `<` in the output starts a real element (text has its `<` escaped as `&lt;`) and every
 * attribute value is double-quoted with its own quotes escaped, so this reads exactly the live
 * markup; attack strings may remain visible as harmless text.
 */
const tagsOf = (html: string) => html.match(/<[^>]*>/g) ?? [];
function elementsOf(html: string) {
  return tagsOf(html)
    .filter((tag) => !tag.startsWith('</'))
    .map((tag) => {
      const name = /^<([a-z0-9]+)/i.exec(tag)?.[1] ?? '?';
      const attrs = [...tag.slice(name.length + 1).matchAll(/([^\s="/>]+)(?:="([^"]*)")?/g)].map(
        (m) => [m[1]!.toLowerCase(), m[2] ?? ''] as const,
      );
      return { name, attrs };
    });
}

function expectNoLiveMarkup(html: string, label = '') {
  expect(html, label).not.toContain('<script');
  expect(html, label).not.toContain('<iframe');
  expect(html, label).not.toContain('<svg');
  expect(html, label).not.toContain('<div');
  for (const { name, attrs } of elementsOf(html)) {
    expect(['p', 'a', 'img', 'br'], label).toContain(name);
    for (const [attr, value] of attrs) {
      expect(attr, label).not.toMatch(/^on|^style$/);
      if (attr === 'href' || attr === 'src') {
        expect(value, label).not.toMatch(/javascript:|vbscript:|data:/i);
        expect(value, label).toMatch(/^(?:https?:\/\/|mailto:|\/|#|[^:]*$)/i);
      }
    }
  }
}

const ATAQUES = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '<a href="javascript:alert(1)">x</a>',
  '[x](JAVASCRIPT:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](jav&#x09;ascript:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2Zy8+)',
  '<javascript:alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<svg onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")',
];

describe('renderMarkdown', () => {
  it('renders no attack as live markup', () => {
    const html = renderMarkdown(ATAQUES.join('\n\n'));
    expectNoLiveMarkup(html);
    // The raw HTML is shown as text, escaped.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('renders each attack on its own without live markup', () => {
    for (const ataque of ATAQUES) expectNoLiveMarkup(renderMarkdown(ataque), ataque);
  });

  it('still renders ordinary Markdown', () => {
    const html = renderMarkdown(
      [
        '# Inspeção de caldeiras',
        '## Por que inspecionar',
        'Texto com *ênfase*, **negrito**, ~~riscado~~ e `código`.',
        '- um\n- dois',
        '1. primeiro\n2. segundo',
        '> citação',
        '```ts\nconst a = 1 < 2;\n```',
        '[NR-13](https://www.gov.br/nr13 "Norma") e [contato](mailto:contato@firma.com.br) e [laudos](/laudos)',
        '![Caldeira](https://img.example.com/caldeira.webp "Foto") ![Capa](/api/blog/posts/x/capa?v=1)',
        '| a | b |\n|---|---|\n| 1 | 2 |',
        '---',
      ].join('\n\n'),
    );
    expect(html).toContain('<h2>Inspeção de caldeiras</h2>');
    expect(html).toContain('<h2>Por que inspecionar</h2>');
    expect(html).not.toContain('<h1');
    expect(html).toContain('<em>ênfase</em>');
    expect(html).toContain('<strong>negrito</strong>');
    expect(html).toContain('<del>riscado</del>');
    expect(html).toContain('<code>código</code>');
    expect(html).toContain('<ul>\n<li>um</li>');
    expect(html).toContain('<ol>\n<li>primeiro</li>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &lt; 2;');
    expect(html).toContain(
      '<a href="https://www.gov.br/nr13" title="Norma" rel="noopener noreferrer nofollow">NR-13</a>',
    );
    expect(html).toContain('<a href="mailto:contato@firma.com.br">contato</a>');
    expect(html).toContain('<a href="/laudos">laudos</a>');
    expect(html).toContain(
      '<img alt="Caldeira" loading="lazy" decoding="async" src="https://img.example.com/caldeira.webp" title="Foto" />',
    );
    expect(html).toContain('src="/api/blog/posts/x/capa?v=1"');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<hr />');
  });

  it('links bare http(s) URLs and drops images from elsewhere', () => {
    expect(renderMarkdown('veja https://exemplo.com.br')).toContain(
      '<a href="https://exemplo.com.br" rel="noopener noreferrer nofollow">https://exemplo.com.br</a>',
    );
    expect(renderMarkdown('![a](foto.png) ![b](//evil.example/x.png)')).not.toContain('<img');
  });

  it('keeps only a plain language class on code', () => {
    expect(renderMarkdown('```js" onclick="x\nx\n```')).not.toMatch(/onclick/);
    expect(renderMarkdown('```ts\nx\n```')).toContain('<code class="language-ts">');
  });
});
