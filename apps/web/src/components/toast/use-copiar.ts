import { copyText } from '../../lib/clipboard';
import { useToast } from './toast-context';

/**
 * Copies a text and says so in a toast: `copiado` is the success title ("Link copiado"), `oQue`
 * names the text in the fallback ("Selecione o link e copie manualmente.").
 */
export function useCopiar() {
  const { showToast } = useToast();
  return async function copiar(texto: string, copiado: string, oQue: string) {
    const ok = await copyText(texto);
    showToast(
      ok
        ? { type: 'success', title: copiado }
        : {
            type: 'error',
            title: 'Não foi possível copiar',
            message: `Selecione ${oQue} e copie manualmente.`,
          },
    );
  };
}
