import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// The API's shared schemas (zod) load here, once per file, not inside the first test's time limit.
import '@laudos/domain/api';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
