import { createContext, useContext } from 'react';
import { defaultSiteInfo, type SiteInfo } from './site-info-data';

export { defaultSiteInfo, readSiteInfo, type SiteInfo } from './site-info-data';

export const SiteInfoContext = createContext<SiteInfo>(defaultSiteInfo);

export function useSiteInfo(): SiteInfo {
  return useContext(SiteInfoContext);
}
