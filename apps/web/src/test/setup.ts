import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// The API's shared schemas (zod) load here, once per file, not inside the first test's time limit.
import '@laudos/domain/api';
import { takeUnknownRoutes } from './api-mock';

// How long findBy*/waitFor wait for the screen (not a speed check): a file's first test also loads
// its route's lazy module, which on a busy two-core CI machine (the suites run side by side) took
// more than the default second, and more than 5 s with the machine's other work beside it.
configure({ asyncUtilTimeout: 10_000 });

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
