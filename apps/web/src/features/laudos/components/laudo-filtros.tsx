import { SelectField, TextField } from '../../../components/ui/field';
import { useTiposLaudo } from '../api/tipos-laudo';
import type { Direcao, Ordenacao } from '../hooks/use-ordenacao-na-url';

export type FiltrosBasicos = { busca: string; tipo: string };

/** Search and type, above the lists of laudos; the order too when the list offers it. */
export function LaudoFiltros({
  valor,
  onChange,
  rotuloBusca = 'Buscar',
  ordenacao,
  onOrdenar,
}: {
  valor: FiltrosBasicos;
  onChange: (valor: FiltrosBasicos) => void;
  rotuloBusca?: string;
  ordenacao?: Ordenacao;
  onOrdenar?: (ordenacao: Ordenacao) => void;
}) {
  const ordenavel = ordenacao !== undefined && onOrdenar !== undefined;
  return (
    <search className={`grid gap-3 ${ordenavel ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
      <TextField
        label={rotuloBusca}
        type="search"
        name="busca"
        placeholder="Nome, código ou cliente"
        value={valor.busca}
        onChange={(event) => onChange({ ...valor, busca: event.target.value })}
      />
      <TipoSelect value={valor.tipo} onChange={(tipo) => onChange({ ...valor, tipo })} />
      {ordenavel ? <OrdemSelect value={ordenacao} onChange={onOrdenar} /> : null}
    </search>
  );
}

/** Each order in both directions, said the way a reader thinks of it. */
const opcoesDeOrdem: { ordem: Ordenacao['ordem']; direcao: Direcao; rotulo: string }[] = [
  { ordem: 'vencimento', direcao: 'asc', rotulo: 'Vencimento (mais cedo primeiro)' },
  { ordem: 'vencimento', direcao: 'desc', rotulo: 'Vencimento (mais tarde primeiro)' },
  { ordem: 'nome', direcao: 'asc', rotulo: 'Nome (A a Z)' },
  { ordem: 'nome', direcao: 'desc', rotulo: 'Nome (Z a A)' },
  { ordem: 'codigo', direcao: 'asc', rotulo: 'Código (crescente)' },
  { ordem: 'codigo', direcao: 'desc', rotulo: 'Código (decrescente)' },
];

function OrdemSelect({ value, onChange }: { value: Ordenacao; onChange: (ordenacao: Ordenacao) => void }) {
  return (
    <SelectField
      label="Ordenar por"
      name="ordem"
      value={`${value.ordem}:${value.direcao}`}
      onChange={(event) => {
        const escolhida = opcoesDeOrdem.find(
          ({ ordem, direcao }) => `${ordem}:${direcao}` === event.target.value,
        );
        if (escolhida) onChange({ ordem: escolhida.ordem, direcao: escolhida.direcao });
      }}
    >
      {opcoesDeOrdem.map(({ ordem, direcao, rotulo }) => (
        <option key={`${ordem}:${direcao}`} value={`${ordem}:${direcao}`}>
          {rotulo}
        </option>
      ))}
    </SelectField>
  );
}

export function TipoSelect({ value, onChange }: { value: string; onChange: (tipo: string) => void }) {
  const tipos = useTiposLaudo();
  return (
    <SelectField
      label="Tipo"
      name="filtroTipo"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">Todos os tipos</option>
      {(tipos.data ?? []).map((tipo) => (
        <option key={tipo.nome} value={tipo.nome}>
          {tipo.nome}
        </option>
      ))}
    </SelectField>
  );
}
