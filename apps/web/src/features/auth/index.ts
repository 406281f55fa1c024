export type { Perfil } from './api/me';
export { useAuth } from './auth-context';
export { AuthProvider } from './auth-provider';
