import { describe, expect, it } from 'vitest';
import { nodeTooOld } from './node-version.ts';

describe('nodeTooOld', () => {
  it('stops an end-of-life Node with what to run instead', () => {
    const problem = nodeTooOld('20.20.2');
    expect(problem).toContain('precisa do Node.js 24');
    expect(problem).toContain('20.20.2');
    expect(problem).toContain('node_modules/.bin/node');
  });

  it('lets Node 24 and later through', () => {
    expect(nodeTooOld('24.22.3')).toBeNull();
    expect(nodeTooOld('26.1.0')).toBeNull();
  });

  it('is satisfied by the Node running the tests (npm scripts run node_modules/.bin/node)', () => {
    expect(nodeTooOld()).toBeNull();
  });
});
