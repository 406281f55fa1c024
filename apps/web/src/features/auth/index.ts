export type { Perfil, PlanoDoPerfil } from './api/me';
export { type AuthContextValue, type AuthStatus, useAuth } from './auth-context';
export { AuthProvider, SESSION_CHECK_TIMEOUT_MS, SESSION_EXPIRED_MESSAGE } from './auth-provider';
