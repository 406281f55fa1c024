import { type ReactNode, useEffect, useState } from 'react';
import { REVEAL_DELAY_MS } from './loading-boundary';

/*
 * Skeletons for data loads (issue 16): grey shapes with the size of the content on its way, so the
 * page does not jump when the data arrives. Features compose these pieces in their loading branch
 * and keep it up for REVEAL_DELAY_MS after the data arrives (useRevealDelay), as the spec's
 * placeholders do.
 */

/** True while `pending`, and for 100 ms after it ends (the spec's reveal delay). */
export function useRevealDelay(pending: boolean): boolean {
  const [holding, setHolding] = useState(pending);
  useEffect(() => {
    if (pending) {
      setHolding(true);
      return;
    }
    const timer = setTimeout(() => setHolding(false), REVEAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return pending || holding;
}

/** The announced wrapper: one status for screen readers, the shapes hidden from them. */
export function Skeleton({
  label = 'Carregando...',
  className,
  children,
}: {
  /** What is loading, read by screen readers ("Carregando laudos..."). */
  label?: string;
  /** The layout of the shapes (a grid like the content's), on the box that holds them. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-busy="true" aria-label={label} data-skeleton="">
      <div aria-hidden="true" className={`motion-safe:animate-pulse ${className ?? ''}`}>
        {children}
      </div>
    </div>
  );
}

/** One grey shape; give it the height of the text line or control it stands for. */
export function Bone({ className = '' }: { className?: string }) {
  return <div className={`rounded-md bg-slate-200 ${className}`} />;
}

function keys(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);
}

/**
 * Rows shaped like a list of laudos (title, a line of details, status and date on the right):
 * the same paddings and line heights as the rows, so the list takes the same room when it arrives.
 */
export function SkeletonList({ rows = 3, label }: { rows?: number; label?: string }) {
  return (
    <Skeleton label={label}>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        {keys('linha', rows).map((key) => (
          <li key={key} className="p-4">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 flex-1">
                <div className="flex h-6 items-center">
                  <Bone className="h-4 w-3/5" />
                </div>
                <div className="mt-1 flex h-5 items-center">
                  <Bone className="h-3 w-2/5" />
                </div>
              </div>
              <div className="flex shrink-0 flex-col gap-1 sm:items-end">
                <Bone className="h-5 w-20 rounded-full" />
                <div className="flex h-5 items-center">
                  <Bone className="h-3 w-32" />
                </div>
                <div className="flex h-5 items-center">
                  <Bone className="h-3 w-24" />
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </Skeleton>
  );
}

/** Rows shaped like an admin table: a header and `rows` lines of `columns` cells. */
export function SkeletonTable({
  rows = 5,
  columns = 4,
  label,
}: {
  rows?: number;
  columns?: number;
  label?: string;
}) {
  const cells = keys('coluna', columns);
  return (
    <Skeleton label={label}>
      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="flex gap-4 border-b border-slate-200 bg-slate-50 px-4 py-3">
          {cells.map((key) => (
            <Bone key={key} className="h-4 flex-1" />
          ))}
        </div>
        <div className="divide-y divide-slate-200">
          {keys('linha', rows).map((row) => (
            <div key={row} className="flex gap-4 px-4 py-4">
              {cells.map((key, i) => (
                <Bone key={key} className={`h-4 flex-1 ${i === 0 ? '' : 'opacity-70'}`} />
              ))}
            </div>
          ))}
        </div>
      </div>
    </Skeleton>
  );
}

/** Lines of text and fields: a form or a detail page. */
export function SkeletonText({ lines = 4, label }: { lines?: number; label?: string }) {
  return (
    <Skeleton label={label}>
      <div className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <Bone className="h-6 w-1/3" />
        {keys('linha', lines).map((key, i) => (
          <div key={key} className="space-y-2">
            <Bone className="h-3 w-1/4" />
            <Bone className={`h-9 ${i % 2 === 0 ? 'w-full' : 'w-4/5'}`} />
          </div>
        ))}
      </div>
    </Skeleton>
  );
}
