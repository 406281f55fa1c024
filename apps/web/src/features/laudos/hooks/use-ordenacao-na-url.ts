import { useSearchParams } from 'react-router';
import type { OrdemLaudos } from '../api/laudo';

export type Direcao = 'asc' | 'desc';
export type Ordenacao = { ordem: OrdemLaudos; direcao: Direcao };

/** The orders a client's lists offer (the server also sorts by cliente and criadoEm, for the admin). */
const ordensDoCliente = ['vencimento', 'nome', 'codigo'] as const satisfies readonly OrdemLaudos[];
type OrdemDoCliente = (typeof ordensDoCliente)[number];

function ordemDoCliente(valor: string | null): valor is OrdemDoCliente {
  return (ordensDoCliente as readonly string[]).includes(valor ?? '');
}

/**
 * A list's order lives in the address (?ordem=&direcao=), as the API names them, so a reload, a
 * shared link or Back from a laudo brings the list back in the order it was left. The list's own
 * default leaves the address clean; a value the lists do not offer falls back to it.
 */
export function useOrdenacaoNaUrl(padrao: Ordenacao): [Ordenacao, (ordenacao: Ordenacao) => void] {
  const [params, setParams] = useSearchParams();
  const ordem = params.get('ordem');
  const atual: Ordenacao = ordemDoCliente(ordem)
    ? { ordem, direcao: params.get('direcao') === 'desc' ? 'desc' : 'asc' }
    : padrao;

  function ordenar(nova: Ordenacao) {
    setParams(
      (antes) => {
        const depois = new URLSearchParams(antes);
        if (nova.ordem === padrao.ordem && nova.direcao === padrao.direcao) {
          depois.delete('ordem');
          depois.delete('direcao');
        } else {
          depois.set('ordem', nova.ordem);
          depois.set('direcao', nova.direcao);
        }
        return depois;
      },
      // Changing the order is not a new page: Back leaves the list instead of undoing each choice.
      { replace: true },
    );
  }

  return [atual, ordenar];
}
