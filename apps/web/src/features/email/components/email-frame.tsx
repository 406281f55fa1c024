/**
 * An e-mail's HTML, shown as the recipient would see it. `sandbox=""` grants nothing: no scripts,
 * no forms, no navigation of this page, and a unique origin without the admin's cookies, so a
 * template (or a stored message) can never act inside the app.
 */
export function EmailFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={html}
      className="block h-[32rem] w-full rounded-lg border border-slate-200 bg-white"
    />
  );
}
