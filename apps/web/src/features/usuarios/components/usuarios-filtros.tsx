import { SelectField, TextField } from '../../../components/ui/field';
import type { UsuariosFiltro } from '../api/usuario';
import type { PlanoOpcao } from './usuario-form-dialog';

/** What the admin typed and chose; the search is debounced by the caller. */
export type FiltrosUsuarios = Pick<UsuariosFiltro, 'busca' | 'tipo' | 'ativo' | 'planoId'>;

/** Search, type, state and plan filters of the users list. */
export function UsuariosFiltros({
  filtros,
  planos,
  onChange,
}: {
  filtros: FiltrosUsuarios;
  planos: readonly PlanoOpcao[];
  onChange: (alteracao: Partial<FiltrosUsuarios>) => void;
}) {
  return (
    <search className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <TextField
        label="Buscar"
        type="search"
        name="busca"
        placeholder="Nome, e-mail ou empresa"
        value={filtros.busca}
        onChange={(event) => onChange({ busca: event.target.value })}
      />
      <SelectField
        label="Tipo"
        name="filtroTipo"
        value={filtros.tipo}
        onChange={(event) => onChange({ tipo: event.target.value as UsuariosFiltro['tipo'] })}
      >
        <option value="">Todos</option>
        <option value="cliente">Clientes</option>
        <option value="admin">Administradores</option>
      </SelectField>
      <SelectField
        label="Situação"
        name="filtroSituacao"
        value={filtros.ativo}
        onChange={(event) => onChange({ ativo: event.target.value as UsuariosFiltro['ativo'] })}
      >
        <option value="">Todas</option>
        <option value="true">Ativos</option>
        <option value="false">Inativos</option>
      </SelectField>
      <SelectField
        label="Plano"
        name="filtroPlano"
        value={filtros.planoId}
        onChange={(event) => onChange({ planoId: event.target.value })}
      >
        <option value="">Todos</option>
        {planos.map((plano) => (
          <option key={plano.id} value={plano.id}>
            {plano.nome}
          </option>
        ))}
      </SelectField>
    </search>
  );
}
