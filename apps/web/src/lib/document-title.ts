import { useEffect } from 'react';
import { branding } from './branding';

/** Sets the tab title to "{title} | {company}" while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${branding.companyName}`;
  }, [title]);
}
