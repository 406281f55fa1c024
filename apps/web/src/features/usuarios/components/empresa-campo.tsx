import { formatarCnpj } from '@laudos/domain';
import { useState } from 'react';
import { Combobox } from '../../../components/ui/combobox';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useEmpresasOpcoes } from '../api/empresas-opcoes';

/** The company chosen for a user: its id and name. */
export type EmpresaDoUsuario = { id: string; nome: string };

/** The user's company, searched by name or CNPJ among the active ones; empty is none. */
export function EmpresaCampo({
  error,
  selecionada,
  onSelecionar,
}: {
  error?: string | undefined;
  selecionada: EmpresaDoUsuario | null;
  onSelecionar: (empresa: EmpresaDoUsuario | null) => void;
}) {
  const [busca, setBusca] = useState('');
  const buscaAtiva = useDebouncedValue(busca, 250);
  // Nothing is loaded until the list is first opened.
  const [usada, setUsada] = useState(false);
  const opcoes = useEmpresasOpcoes(buscaAtiva, usada);
  return (
    <Combobox
      label="Empresa"
      optional
      name="empresaId"
      hint="A pessoa vê os laudos da empresa. Sem empresa, só os enviados ao próprio e-mail."
      error={error}
      placeholder="Busque pelo nome ou CNPJ"
      selecionada={selecionada ? { id: selecionada.id, rotulo: selecionada.nome } : null}
      onSelecionar={(opcao) => onSelecionar(opcao ? { id: opcao.id, nome: opcao.rotulo } : null)}
      onBuscar={setBusca}
      onAbrir={() => setUsada(true)}
      opcoes={(opcoes.data ?? []).map((empresa) => ({
        id: empresa.id,
        rotulo: empresa.nome,
        detalhe: empresa.cnpj ? `CNPJ ${formatarCnpj(empresa.cnpj)}` : null,
      }))}
      // Also while the search waits for the typing to pause.
      carregando={opcoes.isPending || opcoes.isPlaceholderData || busca.trim() !== buscaAtiva.trim()}
      erroAoCarregar={opcoes.isError ? opcoes.error.message : null}
      vazio="Nenhuma empresa ativa encontrada."
    />
  );
}
