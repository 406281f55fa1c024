/** What a feed item needs from a published post. */
export interface ItemRss {
  id: string;
  slug: string;
  titulo: string;
  resumo: string;
  publicadoEm: string;
}

export interface CanalRss {
  companyName: string;
  /** config.publicUrl, without a trailing slash. */
  publicUrl: string;
  posts: ItemRss[];
}

// XML 1.0 allows no C0 control character but tab, newline and carriage return (nor U+FFFE/U+FFFF).
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text for an XML element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(INVALID_XML, '').replace(/[&<>"']/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      default:
        return '&apos;';
    }
  });
}

/** An RFC 822 date (RSS 2.0's pubDate), in GMT. */
export const dataRfc822 = (iso: string) => new Date(iso).toUTCString();

/** The blog's RSS 2.0 feed, newest first as given. */
export function renderRss({ companyName, publicUrl, posts }: CanalRss): string {
  const blogUrl = `${publicUrl}/blog`;
  const titulo = `${companyName} — Blog`;
  const items = posts.map((p) =>
    [
      '    <item>',
      `      <title>${escapeXml(p.titulo)}</title>`,
      `      <link>${escapeXml(`${blogUrl}/${p.slug}`)}</link>`,
      `      <guid isPermaLink="false">${escapeXml(p.id)}</guid>`,
      `      <pubDate>${dataRfc822(p.publicadoEm)}</pubDate>`,
      `      <description>${escapeXml(p.resumo)}</description>`,
      '    </item>',
    ].join('\n'),
  );
  const ultimo = posts[0] ? [`    <lastBuildDate>${dataRfc822(posts[0].publicadoEm)}</lastBuildDate>`] : [];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(titulo)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <description>${escapeXml(`Artigos e novidades de ${companyName}.`)}</description>`,
    '    <language>pt-BR</language>',
    `    <atom:link href="${escapeXml(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...ultimo,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
