import type { Papel } from '@laudos/domain/api';

/** A person's role inside their company, as the screens name it. */
export const rotuloDoPapel: Record<Papel, string> = { gestor: 'Gestor', membro: 'Membro' };
