import { useEffect } from 'react';
import { useSiteInfo } from './site-info';

/** Sets the tab title to "{title} | {company}" while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  const { companyName } = useSiteInfo();
  useEffect(() => {
    document.title = `${title} | ${companyName}`;
  }, [title, companyName]);
}
