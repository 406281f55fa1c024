import { describe, expect, it } from 'vitest';
import { defaultSiteInfo, readSiteInfo } from '../../lib/site-info-data';
import { formatPostDate } from './post-date';

describe("the firm's time zone", () => {
  it('comes from the JSON block the server writes into the page', () => {
    const doc = document.implementation.createHTMLDocument();
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = 'site-info';
    block.textContent = JSON.stringify({ ...defaultSiteInfo, timeZone: 'America/Manaus' });
    doc.head.append(block);
    expect(readSiteInfo(doc).timeZone).toBe('America/Manaus');
    expect(readSiteInfo(document.implementation.createHTMLDocument()).timeZone).toBe('America/Sao_Paulo');
  });

  it('dates a post on the firm’s calendar day, not the browser’s', () => {
    // 23:30 of 1 December in São Paulo is already 2 December in UTC.
    expect(formatPostDate('2026-12-02T02:30:00Z', 'America/Sao_Paulo')).toBe('1 de dezembro de 2026');
    expect(formatPostDate('2026-12-02T02:30:00Z', 'UTC')).toBe('2 de dezembro de 2026');
  });
});
