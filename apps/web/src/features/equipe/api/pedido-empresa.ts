import type { pedirEmpresaEntrada } from '@laudos/domain/api';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api';

export type PedidoDeEmpresa = z.input<typeof pedirEmpresaEntrada>;

/**
 * POST /api/conta/pedido-empresa: a client with no company asks to join one, by its name or CNPJ;
 * an admin approves it. GET /api/me then carries the request (`pedido_empresa`).
 */
export async function pedirEmpresa(input: PedidoDeEmpresa): Promise<void> {
  await apiFetch('/conta/pedido-empresa', { method: 'POST', body: input });
}

export function usePedirEmpresa() {
  return useMutation({ mutationFn: pedirEmpresa });
}
