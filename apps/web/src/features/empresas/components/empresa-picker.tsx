import { formatarCnpj } from '@laudos/domain';
import { useState } from 'react';
import { Combobox } from '../../../components/ui/combobox';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useEmpresasOpcoes } from '../api/empresas-opcoes';

/** The company chosen: its id and the name shown. */
export type EmpresaEscolhida = { id: string; nome: string };

/** Searches the active companies by name or CNPJ (`GET /api/admin/empresas/opcoes`) and picks one. */
export function EmpresaPicker({
  label = 'Empresa',
  name = 'empresaId',
  hint,
  error,
  autofoco,
  selecionada,
  onSelecionar,
}: {
  label?: string;
  name?: string;
  hint?: string;
  error?: string | undefined;
  autofoco?: boolean;
  selecionada: EmpresaEscolhida | null;
  onSelecionar: (empresa: EmpresaEscolhida | null) => void;
}) {
  const [busca, setBusca] = useState('');
  const buscaAtiva = useDebouncedValue(busca, 250);
  // Nothing is loaded until the list is first opened.
  const [usada, setUsada] = useState(false);
  const opcoes = useEmpresasOpcoes(buscaAtiva, usada);
  return (
    <Combobox
      label={label}
      name={name}
      hint={hint}
      error={error}
      autofoco={autofoco ?? false}
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
