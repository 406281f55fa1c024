import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, EmailText } from '../../../components/ui/data-table';
import { Switch } from '../../../components/ui/switch';
import { plural } from '../../../lib/format';
import { rotuloDoPapel } from '../../../lib/papel';
import { errorMessage } from '../../../lib/validation';
import type { AlteracaoPessoa, Papel, Pessoa } from '../api/empresa';
import { useAlterarPessoa } from '../api/mutations';
import { Secao } from './secao';

/**
 * The company's people: role, active or not, and whether they receive the reminders of its laudos.
 * Each change is saved at once; a refusal (the last gestor, the plan's limit on reactivating) comes
 * back as the server's message in a toast, and the row keeps what the server has.
 */
export function PessoasEmpresa({ empresaId, pessoas }: { empresaId: string; pessoas: Pessoa[] }) {
  const { showToast } = useToast();
  const alterar = useAlterarPessoa();
  const [desativando, setDesativando] = useState<Pessoa | null>(null);

  function salvar(pessoa: Pessoa, alteracao: AlteracaoPessoa, sucesso: string, depois?: () => void) {
    alterar.mutate(
      { empresaId, usuarioId: pessoa.id, ...alteracao },
      {
        onSuccess: () => {
          showToast({ type: 'success', title: sucesso });
          depois?.();
        },
        onError: (error) => {
          showToast({
            type: 'error',
            title: `Não foi possível alterar ${pessoa.nome}`,
            message: errorMessage(error),
          });
          depois?.();
        },
      },
    );
  }

  const ocupada = (pessoa: Pessoa) => alterar.isPending && alterar.variables?.usuarioId === pessoa.id;
  // While a change is on its way, the control shows it; a refusal puts back what the server has.
  const pedido = (pessoa: Pessoa): { papel?: Papel; receberLembretes?: boolean } | undefined =>
    ocupada(pessoa) ? alterar.variables : undefined;

  const colunas: DataTableColumn<Pessoa>[] = [
    {
      header: 'Nome',
      rowHeader: true,
      className: 'min-w-44 font-normal',
      cell: (pessoa) => (
        <>
          <span className="block font-medium text-slate-900">{pessoa.nome}</span>
          <span className="block text-slate-600">
            <EmailText email={pessoa.email} />
          </span>
        </>
      ),
    },
    {
      header: 'Papel',
      className: 'min-w-32',
      cell: (pessoa) => (
        <select
          aria-label={`Papel de ${pessoa.nome}`}
          value={pedido(pessoa)?.papel ?? pessoa.papel}
          disabled={ocupada(pessoa)}
          onChange={(event) => {
            const papel: Papel = event.target.value === 'gestor' ? 'gestor' : 'membro';
            salvar(pessoa, { papel }, `${pessoa.nome} agora é ${rotuloDoPapel[papel].toLowerCase()}.`);
          }}
          className="block w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 disabled:opacity-60"
        >
          <option value="gestor">Gestor</option>
          <option value="membro">Membro</option>
        </select>
      ),
    },
    {
      header: 'Situação',
      cell: (pessoa) =>
        pessoa.ativo ? <Badge tone="success">Ativo</Badge> : <Badge tone="danger">Inativo</Badge>,
    },
    {
      header: 'Lembretes',
      cell: (pessoa) => (
        <Switch
          checked={pedido(pessoa)?.receberLembretes ?? pessoa.receberLembretes}
          disabled={ocupada(pessoa)}
          label="Recebe lembretes"
          detail={pessoa.nome}
          onToggle={() =>
            salvar(
              pessoa,
              { receberLembretes: !pessoa.receberLembretes },
              pessoa.receberLembretes
                ? `${pessoa.nome} não recebe mais os lembretes.`
                : `${pessoa.nome} passa a receber os lembretes.`,
            )
          }
        />
      ),
    },
    {
      header: 'Ações',
      cell: (pessoa) => (
        <button
          type="button"
          disabled={ocupada(pessoa)}
          onClick={() =>
            pessoa.ativo
              ? setDesativando(pessoa)
              : salvar(pessoa, { ativo: true }, `${pessoa.nome} foi reativado.`)
          }
          className="rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 ring-1 ring-slate-200 hover:bg-brand-50 disabled:opacity-60"
        >
          {pessoa.ativo ? 'Desativar' : 'Reativar'} <span className="sr-only">{pessoa.nome}</span>
        </button>
      ),
    },
  ];

  return (
    <Secao id="empresa-pessoas" titulo={`Pessoas (${pessoas.length})`}>
      <p className="mb-3 text-sm text-slate-600">
        {plural(pessoas.filter((p) => p.ativo).length, 'pessoa ativa', 'pessoas ativas')}. O gestor convida
        colegas e cuida da equipe; a empresa precisa de pelo menos um gestor ativo.
      </p>
      <DataTable
        caption="Pessoas da empresa"
        columns={colunas}
        rows={pessoas}
        rowKey={(pessoa) => pessoa.id}
        empty="Ninguém nesta empresa ainda. Convide a primeira pessoa abaixo."
      />
      <ConfirmDialog
        open={desativando !== null}
        title={desativando ? `Desativar ${desativando.nome}?` : ''}
        confirmLabel="Desativar"
        pending={alterar.isPending}
        onClose={() => setDesativando(null)}
        onConfirm={() => {
          if (desativando)
            salvar(desativando, { ativo: false }, `${desativando.nome} foi desativado.`, () =>
              setDesativando(null),
            );
        }}
      >
        {desativando ? (
          <p>
            {desativando.nome} será desconectado e não poderá entrar até ser reativado, e deixa de contar no
            limite de usuários do plano.
          </p>
        ) : null}
      </ConfirmDialog>
    </Secao>
  );
}
