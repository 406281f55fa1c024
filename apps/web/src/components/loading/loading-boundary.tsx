import { type ReactNode, useEffect, useState } from 'react';
import { LoadingPlaceholder, type PlaceholderLayout } from './loading-placeholder';

/** How long the placeholder stays after loading ends, so content does not flash in mid-layout. */
export const REVEAL_DELAY_MS = 100;

type LoadingBoundaryProps = {
  loading: boolean;
  layout?: PlaceholderLayout;
  children: ReactNode;
};

/** Shows a placeholder while `loading`, and for 100 ms after, then the children. */
export function LoadingBoundary({ loading, layout = 'default', children }: LoadingBoundaryProps) {
  const [revealed, setRevealed] = useState(!loading);

  useEffect(() => {
    if (loading) {
      setRevealed(false);
      return;
    }
    const timer = setTimeout(() => setRevealed(true), REVEAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  if (loading || !revealed) return <LoadingPlaceholder layout={layout} />;
  return children;
}
