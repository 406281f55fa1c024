import { describe, expect, it } from 'vitest';
import { escapeXml, renderRss } from './rss.ts';

describe('renderRss', () => {
  const xml = renderRss({
    companyName: 'Firma & Filhos <Engenharia>',
    publicUrl: 'https://laudos.example.com',
    posts: [
      {
        id: '123e4567-e89b-42d3-a456-426614174000',
        slug: 'nr-13',
        titulo: 'Caldeiras <NR-13> & "vasos"',
        resumo: "O que muda em 2026 & o que não muda: 'tudo' <b>",
        publicadoEm: '2026-03-02T12:30:00.000Z',
      },
    ],
  });

  it('is an RSS 2.0 channel in pt-BR with a self link', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
    expect(xml).toContain('<title>Firma &amp; Filhos &lt;Engenharia&gt; — Blog</title>');
    expect(xml).toContain('<link>https://laudos.example.com/blog</link>');
    expect(xml).toContain('<language>pt-BR</language>');
    expect(xml).toContain(
      '<atom:link href="https://laudos.example.com/blog/rss.xml" rel="self" type="application/rss+xml"/>',
    );
  });

  it('escapes every item field and dates it in RFC 822', () => {
    expect(xml).toContain('<title>Caldeiras &lt;NR-13&gt; &amp; &quot;vasos&quot;</title>');
    expect(xml).toContain('<link>https://laudos.example.com/blog/nr-13</link>');
    expect(xml).toContain('<guid isPermaLink="false">123e4567-e89b-42d3-a456-426614174000</guid>');
    expect(xml).toContain('<pubDate>Mon, 02 Mar 2026 12:30:00 GMT</pubDate>');
    expect(xml).toContain(
      '<description>O que muda em 2026 &amp; o que não muda: &apos;tudo&apos; &lt;b&gt;</description>',
    );
    // Every & starts an entity; no raw < or > in any text.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    const texts = xml.replace(/<[^<>]*>/g, '\n');
    expect(texts).not.toMatch(/[<>]/);
  });

  it('has no items (and still validates) with no posts', () => {
    const empty = renderRss({ companyName: 'Firma', publicUrl: 'http://x', posts: [] });
    expect(empty).not.toContain('<item>');
    expect(empty).toContain('</channel>');
  });
});

describe('escapeXml', () => {
  it('drops characters XML 1.0 cannot carry', () => {
    expect(escapeXml('a\u0000b\u0007c\td\ne')).toBe('abc\td\ne');
  });
});
