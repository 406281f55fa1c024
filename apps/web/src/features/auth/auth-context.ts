import { createContext, useContext } from 'react';
import type { Perfil } from './api/me';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export type AuthContextValue = {
  /** 'loading' while the session is being checked (at most 15 s). */
  status: AuthStatus;
  user: Perfil | null;
  /** The user signed out on purpose (so the login page should not send them back where they were). */
  signedOutOnPurpose: boolean;
  /** Re-reads GET /api/me (after signing in, signing up or changing the password). */
  refresh: () => Promise<Perfil | null>;
  /** Ends this session on the server, then forgets the user and the cached profile here. */
  signOut: () => Promise<void>;
  /** Forgets the user here after the server already ended the session (e.g. "Sair de todas"). */
  forgetSession: () => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth deve ser usado dentro de um AuthProvider');
  return auth;
}
