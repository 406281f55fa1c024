import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../../components/toast';
import { ApiError, apiFetch } from '../../lib/api';
import { fetchMe, meQueryKey, type Perfil } from './api/me';
import { AuthContext, type AuthContextValue } from './auth-context';
import { clearCachedProfile, readFreshCachedProfile, saveCachedProfile } from './profile-cache';

/** Spec section 8: the session check gives up after 15 s. */
export const SESSION_CHECK_TIMEOUT_MS = 15_000;

export const SESSION_EXPIRED_MESSAGE = 'Sessão expirada. Faça login novamente';

const sessionQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: async ({ signal }) => {
    const perfil = await fetchMe(signal);
    // Only what the server itself answered refreshes the fallback cache.
    if (perfil) saveCachedProfile(perfil);
    else clearCachedProfile();
    return perfil;
  },
});

function isSessionQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === meQueryKey[0] && queryKey[1] === meQueryKey[1];
}

/**
 * Who is signed in, from GET /api/me through TanStack Query (so every provider instance and every
 * page read the same answer). Also the app-wide reaction to the server's answers: a 401 means the
 * session may be gone (re-check it, then sign out here with a toast), a 403 PRIMEIRO_ACESSO means
 * the password must be changed first (the guards then send the user to /change-password).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const query = useQuery(sessionQuery);
  const [gaveUp, setGaveUp] = useState(false);
  const [signedOutOnPurpose, setSignedOutOnPurpose] = useState(false);
  const onPurpose = useRef(false);

  const answered = query.data !== undefined;
  const user = query.data ?? null;
  const status: AuthContextValue['status'] = !answered
    ? 'loading'
    : user
      ? 'authenticated'
      : 'unauthenticated';

  useEffect(() => {
    if (answered) return;
    const timer = setTimeout(() => setGaveUp(true), SESSION_CHECK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [answered]);

  // No answer in 15 s, or an error that is not "signed out": go on with a recent cached profile,
  // or as signed out. It goes into the query, so a late answer from the server still wins.
  useEffect(() => {
    if (answered || !(gaveUp || query.isError)) return;
    queryClient.setQueryData<Perfil | null>(meQueryKey, readFreshCachedProfile());
  }, [answered, gaveUp, query.isError, queryClient]);

  const previousUser = useRef(user);
  useEffect(() => {
    const before = previousUser.current;
    previousUser.current = user;
    if (user) {
      onPurpose.current = false;
      setSignedOutOnPurpose(false);
      return;
    }
    if (!before) return;
    // Signed out: nothing of the previous user's data stays in memory.
    removeEverythingButSession(queryClient);
    clearCachedProfile();
    if (!onPurpose.current) showToast({ type: 'warning', title: SESSION_EXPIRED_MESSAGE });
  }, [user, queryClient, showToast]);

  useServerAuthErrors(queryClient, user);

  const forgetSession = useCallback(() => {
    onPurpose.current = true;
    setSignedOutOnPurpose(true);
    clearCachedProfile();
    queryClient.setQueryData<Perfil | null>(meQueryKey, null);
  }, [queryClient]);

  const signOut = useCallback(async () => {
    try {
      await apiFetch('/auth/sign-out', { method: 'POST', body: {} });
    } catch (error) {
      // 401: the session was already gone, which is what signing out wants.
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    forgetSession();
  }, [forgetSession]);

  const refresh = useCallback(() => queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }), [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, signedOutOnPurpose, refresh, signOut, forgetSession }),
    [status, user, signedOutOnPurpose, refresh, signOut, forgetSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

function removeEverythingButSession(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
}

/**
 * Watches every query and mutation for the answers that concern the session. A 401 is not always
 * "session gone" (a wrong two-factor code is a 401 too), so it triggers a re-check of /api/me,
 * which decides.
 */
function useServerAuthErrors(queryClient: QueryClient, user: Perfil | null) {
  const signedIn = useRef(user !== null);
  useEffect(() => {
    signedIn.current = user !== null;
  }, [user]);

  useEffect(() => {
    function onError(error: unknown) {
      if (!(error instanceof ApiError) || !signedIn.current) return;
      if (error.status === 401 || (error.status === 403 && error.code === 'USUARIO_INATIVO')) {
        void queryClient.refetchQueries({ queryKey: meQueryKey }, { cancelRefetch: false });
      } else if (error.status === 403 && error.code === 'PRIMEIRO_ACESSO') {
        queryClient.setQueryData<Perfil | null>(meQueryKey, (perfil) =>
          perfil ? { ...perfil, primeiro_acesso: true } : perfil,
        );
      }
    }
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        !isSessionQuery(event.query.queryKey)
      ) {
        onError(event.action.error);
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
