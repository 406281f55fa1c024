import { createContext, useContext } from 'react';
import { defaultSiteInfo, type SiteInfo } from './site-info-data';

export { defaultSiteInfo, readSiteInfo, SITE_INFO_ELEMENT_ID, type SiteInfo } from './site-info-data';

export const SiteInfoContext = createContext<SiteInfo>(defaultSiteInfo);

export function useSiteInfo(): SiteInfo {
  return useContext(SiteInfoContext);
}
