import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown → HTML for blog posts, in two layers. markdown-it never passes raw HTML through
 * (`html: false` escapes it) and refuses javascript:/vbscript:/data: links; sanitize-html then
 * keeps only the tags and attributes a post needs, as defence in depth should either change.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const IMG_SRC = /^(?:https?:\/\/|\/api\/)/i;
const ABSOLUTE_HTTP = /^https?:\/\//i;
/**
 * An allowed scheme, or a relative reference whose first segment has no colon: anything else
 * (`jav%09ascript:…`) is not a link a post needs, whatever a browser would make of it.
 */
const SAFE_HREF = /^(?:https?:|mailto:|[/#?.]|[^:/?#]*(?:[/?#]|$))/i;
const CODE_LANGUAGE = /^language-[a-z0-9_+-]{1,40}$/i;

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    'del',
    'a',
    'img',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'loading', 'decoding'],
    ol: ['start'],
    code: ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's own h1 is the post title.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    s: 'del',
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const out: Record<string, string> = {};
      if (href !== undefined && SAFE_HREF.test(href.trim())) out.href = href;
      if (title !== undefined) out.title = title;
      if (href && ABSOLUTE_HTTP.test(href.trim())) out.rel = 'noopener noreferrer nofollow';
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const { src, alt, title } = attribs;
      const out: Record<string, string> = { alt: alt ?? '', loading: 'lazy', decoding: 'async' };
      if (src && IMG_SRC.test(src.trim())) out.src = src;
      if (title !== undefined) out.title = title;
      return { tagName, attribs: out };
    },
    code: (tagName, attribs) => {
      const cls = attribs.class;
      const out: Record<string, string> = cls && CODE_LANGUAGE.test(cls) ? { class: cls } : {};
      return { tagName, attribs: out };
    },
  },
  // An image whose source was refused would only show a broken icon.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** A post's Markdown as safe HTML, the same for the public page and the admin preview. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(md.render(markdown), options);
}
