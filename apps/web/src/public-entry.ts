/*
 * The only script of the server-rendered public pages: the stylesheet, the chat widget and the
 * menu button. No React, no router: the pages are already complete HTML.
 */
import './index.css';
import { mountChatWidget } from './features/chat/chat-widget';
import { enhanceMenuButtons } from './features/marketing/menu';
import { readSiteInfo } from './lib/site-info-data';

enhanceMenuButtons();
mountChatWidget({ whatsapp: readSiteInfo().contact.whatsapp });
