import { useId } from 'react';

/**
 * Stands in for the cover of a post that has none, on the blog list and the post page: the brand's
 * blue with a faint inspection grid and a checked-report mark, so a post without an image still
 * looks finished instead of an empty block. Decorative: the title beside it says what the post is.
 */
export function CapaPlaceholder({ className = '' }: { className?: string }) {
  // One pattern id per placeholder: a list shows several, and ids must not repeat.
  const grade = `${useId()}-grade`;
  return (
    <div
      aria-hidden="true"
      data-capa-placeholder=""
      className={`relative flex items-center justify-center overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-brand-900 ${className}`}
    >
      <svg className="absolute inset-0 size-full text-white/10" aria-hidden="true">
        <defs>
          <pattern id={grade} width="24" height="24" patternUnits="userSpaceOnUse">
            <path d="M24 0H0v24" fill="none" stroke="currentColor" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill={`url(#${grade})`} />
      </svg>
      <div className="absolute -right-10 -bottom-10 size-40 rounded-full bg-brand-500/30 blur-2xl" />
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="relative size-14 text-white/90 drop-shadow sm:size-16"
        aria-hidden="true"
      >
        <path d="M9 4h6a1 1 0 0 1 1 1v1H8V5a1 1 0 0 1 1-1Z" />
        <path d="M16 5h2a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h2" />
        <path d="m9 13 2 2 4-4" />
      </svg>
    </div>
  );
}
