import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// The API's shared schemas (zod) load here, once per file, not inside the first test's time limit.
import '@laudos/domain/api';
import { takeUnknownRoutes } from './api-mock';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  // The app may catch the rejected fetch and show an error: fail the test here all the same.
  const unknown = takeUnknownRoutes();
  if (unknown.length > 0) {
    throw new Error(`The fake server got requests no test handler answers: ${unknown.join(', ')}`);
  }
});
