import { formatarCnpj } from '@laudos/domain';
import { useState } from 'react';
import { useEmpresasOpcoes } from '../lib/empresas-opcoes';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Combobox, type ComboboxProps } from './ui/combobox';

/** A company chosen in a picker: its id and the name shown. */
export type EmpresaEscolhida = { id: string; nome: string };

/**
 * Searches the active companies by name or CNPJ (`GET /api/admin/empresas/opcoes`) and chooses one:
 * the admin's company picker of the laudo form, the user form and the requests to join.
 */
export function EmpresaCombobox({
  label = 'Empresa',
  name = 'empresaId',
  selecionada,
  onSelecionar,
  ...resto
}: Pick<ComboboxProps, 'hint' | 'error' | 'optional' | 'autofoco' | 'acao'> & {
  label?: string;
  name?: string;
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
      {...resto}
      label={label}
      name={name}
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
