import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layout/skip-link';
import { mountChatWidget } from '../../features/chat/chat-widget';
import { useSiteInfo } from '../../lib/site-info';

export function RootLayout() {
  useFocusMainOnNavigation();
  useChatWidget();
  return (
    <>
      <SkipLink />
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** A thin bar at the top while the next page's code loads (the current page stays visible). */
function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  // The delay keeps fast navigations from flashing the bar; the pulse sits on the inner bar so it
  // does not fight the fade on the outer one.
  return (
    <div
      aria-hidden="true"
      className={`fixed inset-x-0 top-0 z-50 h-1 transition-opacity ${busy ? 'opacity-100 delay-150' : 'opacity-0'}`}
    >
      <div className="h-full bg-brand-500 motion-safe:animate-pulse" />
    </div>
  );
}

// Screen-reader and keyboard users start reading the new page, not the old link's position.
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

// The WhatsApp chat of every page (the server-rendered public pages mount the same widget).
function useChatWidget() {
  const { whatsapp } = useSiteInfo().contact;
  useEffect(() => mountChatWidget({ whatsapp }).destroy, [whatsapp]);
}
