import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastProvider } from '../components/toast';
import { readSiteInfo, type SiteInfo, SiteInfoContext } from '../lib/site-info';
import { createQueryClient } from './query-client';

/** Everything the app needs around the router; tests wrap pages in it too. */
export function AppProviders({
  children,
  queryClient,
  siteInfo,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  siteInfo?: SiteInfo;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // Written into index.html by the server; it changes only when an admin saves the settings.
  const [site] = useState(() => siteInfo ?? readSiteInfo());
  return (
    <SiteInfoContext.Provider value={site}>
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </SiteInfoContext.Provider>
  );
}
