import { SelectField, TextField } from '../../../components/ui/field';
import { useTiposLaudo } from '../api/tipos-laudo';

export type FiltrosBasicos = { busca: string; tipo: string };

/** Search and type, above the lists of laudos. */
export function LaudoFiltros({
  valor,
  onChange,
  rotuloBusca = 'Buscar',
}: {
  valor: FiltrosBasicos;
  onChange: (valor: FiltrosBasicos) => void;
  rotuloBusca?: string;
}) {
  return (
    <search className="grid gap-3 sm:grid-cols-2">
      <TextField
        label={rotuloBusca}
        type="search"
        name="busca"
        placeholder="Nome, código ou cliente"
        value={valor.busca}
        onChange={(event) => onChange({ ...valor, busca: event.target.value })}
      />
      <TipoSelect value={valor.tipo} onChange={(tipo) => onChange({ ...valor, tipo })} />
    </search>
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
