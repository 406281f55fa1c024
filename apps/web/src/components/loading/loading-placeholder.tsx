import type { ReactNode } from 'react';

export type PlaceholderLayout = 'hero' | 'service' | 'default';

// Spec section 1: 4 navigation items and 4 tabs in the service layout, 6 cards in the default one.
const serviceNavItems = placeholderKeys('nav', 4);
const serviceTabs = placeholderKeys('tab', 4);
const defaultCards = placeholderKeys('card', 6);

function placeholderKeys(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);
}

/** Grey shapes shaped like the content that is on its way. */
export function LoadingPlaceholder({ layout = 'default' }: { layout?: PlaceholderLayout }) {
  switch (layout) {
    case 'hero':
      return <HeroPlaceholder />;
    case 'service':
      return <ServicePlaceholder />;
    case 'default':
      return <DefaultPlaceholder />;
  }
}

function PlaceholderFrame({ layout, children }: { layout: PlaceholderLayout; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" aria-label="Carregando..." data-placeholder={layout}>
      <div aria-hidden="true" className="motion-safe:animate-pulse">
        {children}
      </div>
    </div>
  );
}

function Bone({ className }: { className: string }) {
  return <div className={`rounded-md bg-slate-200 ${className}`} />;
}

export function HeroPlaceholder() {
  return (
    <PlaceholderFrame layout="hero">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <Bone className="h-10 w-11/12 sm:h-14 sm:w-3/4" />
        <Bone className="mt-8 h-4 w-full max-w-2xl" />
        <Bone className="mt-3 h-4 w-5/6 max-w-xl" />
        <div className="mt-10 flex flex-wrap gap-3">
          <Bone className="h-11 w-40 rounded-lg" />
          <Bone className="h-11 w-28 rounded-lg" />
        </div>
      </div>
    </PlaceholderFrame>
  );
}

export function ServicePlaceholder() {
  return (
    <PlaceholderFrame layout="service">
      <div className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4">
          <Bone className="h-8 w-28" />
          <div className="flex gap-3">
            {serviceNavItems.map((key) => (
              <Bone key={key} className="h-4 w-10 sm:w-16" />
            ))}
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <Bone className="h-48 w-full rounded-xl sm:h-64" />
        <div className="mt-8 flex gap-2 overflow-hidden">
          {serviceTabs.map((key) => (
            <Bone key={key} className="h-9 w-24 shrink-0 rounded-lg" />
          ))}
        </div>
        <div className="mt-8 grid gap-8 md:grid-cols-2">
          {[0, 1].map((column) => (
            <div key={column} className="space-y-3">
              <Bone className="h-6 w-2/3" />
              <Bone className="h-4 w-full" />
              <Bone className="h-4 w-full" />
              <Bone className="h-4 w-4/5" />
            </div>
          ))}
        </div>
      </div>
    </PlaceholderFrame>
  );
}

export function DefaultPlaceholder() {
  return (
    <PlaceholderFrame layout="default">
      <div className="mx-auto grid max-w-6xl gap-4 px-4 py-8 sm:grid-cols-2 lg:grid-cols-3">
        {defaultCards.map((key) => (
          <div key={key} className="rounded-xl border border-slate-200 p-5">
            <Bone className="h-5 w-2/3" />
            <Bone className="mt-4 h-4 w-full" />
            <Bone className="mt-2 h-4 w-5/6" />
          </div>
        ))}
      </div>
    </PlaceholderFrame>
  );
}
