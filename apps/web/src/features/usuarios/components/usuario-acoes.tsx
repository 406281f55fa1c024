import { useToast } from '../../../components/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/validation';
import { useAlterarUsuario, useExcluirUsuario, useGerarSenhaTemporaria } from '../api/mutations';
import type { Usuario } from '../api/usuario';
import { type PlanoOpcao, UsuarioFormDialog } from './usuario-form-dialog';

/** What the admin asked to do from the list; each opens its dialog. */
export type AcaoUsuario =
  | { tipo: 'novo' }
  | { tipo: 'editar'; usuario: Usuario }
  | { tipo: 'desativar'; usuario: Usuario }
  | { tipo: 'senha'; usuario: Usuario }
  | { tipo: 'excluir'; usuario: Usuario };

/** The dialog of the action in progress: the user form, or a confirmation. */
export function UsuarioAcoes({
  acao,
  planos,
  onClose,
}: {
  acao: AcaoUsuario | null;
  planos: readonly PlanoOpcao[];
  onClose: () => void;
}) {
  const { showToast } = useToast();
  const alterar = useAlterarUsuario();
  const excluir = useExcluirUsuario();
  const senha = useGerarSenhaTemporaria();

  function fechar() {
    onClose();
    alterar.reset();
    excluir.reset();
    senha.reset();
  }

  return (
    <>
      <UsuarioFormDialog
        open={acao?.tipo === 'novo' || acao?.tipo === 'editar'}
        usuario={acao?.tipo === 'editar' ? acao.usuario : null}
        planos={planos}
        onClose={fechar}
      />

      <ConfirmDialog
        open={acao?.tipo === 'excluir'}
        title={acao?.tipo === 'excluir' ? `Excluir ${acao.usuario.nome}?` : ''}
        confirmLabel="Excluir usuário"
        pending={excluir.isPending}
        error={excluir.error ? errorMessage(excluir.error) : null}
        onClose={fechar}
        onConfirm={() => {
          if (acao?.tipo !== 'excluir') return;
          const { usuario } = acao;
          excluir.mutate(usuario.id, {
            onSuccess: () => {
              showToast({ type: 'success', title: `${usuario.nome} foi excluído.` });
              fechar();
            },
          });
        }}
      >
        {acao?.tipo === 'excluir' ? (
          <p>
            A conta de <strong>{acao.usuario.nome}</strong> ({acao.usuario.email}) será excluída, junto com
            todos os laudos e arquivos dela. Esta ação não pode ser desfeita.
          </p>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={acao?.tipo === 'senha'}
        title={acao?.tipo === 'senha' ? `Gerar senha temporária para ${acao.usuario.nome}?` : ''}
        confirmLabel="Gerar e enviar"
        tone="primary"
        pending={senha.isPending}
        error={senha.error ? errorMessage(senha.error) : null}
        onClose={fechar}
        onConfirm={() => {
          if (acao?.tipo !== 'senha') return;
          const { usuario } = acao;
          senha.mutate(usuario.id, {
            onSuccess: () => {
              showToast({ type: 'success', title: `Senha temporária enviada para ${usuario.email}.` });
              fechar();
            },
          });
        }}
      >
        {acao?.tipo === 'senha' ? (
          <p>
            Uma nova senha temporária será enviada para {acao.usuario.email}. A senha atual deixa de valer, e{' '}
            {acao.usuario.nome} terá de trocá-la no próximo acesso.
          </p>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={acao?.tipo === 'desativar'}
        title={acao?.tipo === 'desativar' ? `Desativar ${acao.usuario.nome}?` : ''}
        confirmLabel="Desativar"
        pending={alterar.isPending}
        error={alterar.error ? errorMessage(alterar.error) : null}
        onClose={fechar}
        onConfirm={() => {
          if (acao?.tipo !== 'desativar') return;
          const { usuario } = acao;
          alterar.mutate(
            { id: usuario.id, ativo: false },
            {
              onSuccess: () => {
                showToast({ type: 'success', title: `${usuario.nome} foi desativado.` });
                fechar();
              },
            },
          );
        }}
      >
        {acao?.tipo === 'desativar' ? (
          <p>
            {acao.usuario.nome} será desconectado de todos os dispositivos e não poderá entrar até ser
            reativado. Os laudos e arquivos são mantidos.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
