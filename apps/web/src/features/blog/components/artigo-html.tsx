/*
 * Article typography without a plugin: the rules apply to the elements Markdown produces.
 * Each class stays whole in the source so Tailwind finds it.
 */
const artigo = [
  'text-base leading-7 text-slate-800 break-words',
  '[&>:first-child]:mt-0',
  '[&_h1]:mt-8 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:text-slate-900',
  '[&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-slate-900',
  '[&_p]:mt-4',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:text-slate-700 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm',
  '[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-slate-100',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:mt-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_hr]:my-8 [&_hr]:border-slate-200',
  '[&_table]:mt-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left',
  '[&_td]:border [&_td]:border-slate-300 [&_td]:px-3 [&_td]:py-2',
].join(' ');

/**
 * A post's HTML as the site shows it. The server renders the Markdown and sanitises the result (no
 * scripts, no event attributes, no styles); this element holds that HTML and nothing else, so React
 * never mixes its own nodes or state with it.
 */
export function ArtigoHtml({ html, label }: { html: string; label: string }) {
  return (
    <section
      aria-label={label}
      className={artigo}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML sanitised by the server (POST /api/admin/blog/preview)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
