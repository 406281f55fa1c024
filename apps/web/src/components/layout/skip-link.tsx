/** Id of the <main> element of every layout; the skip link and route-change focus target it. */
export const MAIN_CONTENT_ID = 'conteudo';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
    >
      Pular para o conteúdo
    </a>
  );
}
