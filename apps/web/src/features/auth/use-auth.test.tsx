import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from './auth-context';

describe('useAuth', () => {
  it('throws outside an AuthProvider', () => {
    // React logs the uncaught render error; keep the test output clean.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow(
      new Error('useAuth deve ser usado dentro de um AuthProvider'),
    );
    consoleError.mockRestore();
  });
});
