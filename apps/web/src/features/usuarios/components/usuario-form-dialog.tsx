import { atualizarUsuarioEntrada, criarUsuarioEntrada } from '@laudos/domain/api';
import { type FormEvent, useRef, useState } from 'react';
import { EmpresaCombobox, type EmpresaEscolhida } from '../../../components/empresa-combobox';
import { useToast } from '../../../components/toast';
import { AcoesDoFormulario } from '../../../components/ui/acoes-do-formulario';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import {
  emailError,
  errorMessage,
  errorsFromRequest,
  errorsFromSchema,
  type FieldErrors,
  focusFirstError,
} from '../../../lib/validation';
import { useAlterarUsuario, useCriarUsuario } from '../api/mutations';
import type { Papel, TipoUsuario, Usuario } from '../api/usuario';
import { BloqueiosAcesso } from './bloqueios-acesso';

export type PlanoOpcao = { id: string; nome: string };

type UsuarioFormDialogProps = {
  open: boolean;
  /** The user being edited; without it the dialog creates one. */
  usuario: Usuario | null;
  planos: readonly PlanoOpcao[];
  onClose: () => void;
};

type Field = 'nome' | 'email' | 'empresaId' | 'papel' | 'telefone';

const OPCAO_PAPEL_AUTOMATICO = 'Gestor se a empresa ainda não tiver um; senão, membro';

function papelDoSelect(valor: string): '' | Papel {
  return valor === 'gestor' || valor === 'membro' ? valor : '';
}

/** "Novo usuário" and "Editar usuário". */
export function UsuarioFormDialog({ open, usuario, planos, onClose }: UsuarioFormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={usuario ? 'Editar usuário' : 'Novo usuário'}
      description={
        usuario
          ? undefined
          : 'O usuário recebe por e-mail uma senha temporária, que deverá trocar no primeiro acesso.'
      }
    >
      <UsuarioForm usuario={usuario} planos={planos} onDone={onClose} />
      {usuario ? <BloqueiosAcesso usuario={usuario} /> : null}
    </Dialog>
  );
}

function UsuarioForm({
  usuario,
  planos,
  onDone,
}: {
  usuario: Usuario | null;
  planos: readonly PlanoOpcao[];
  onDone: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const { showToast } = useToast();
  const criar = useCriarUsuario();
  const alterar = useAlterarUsuario();
  const mutation = usuario ? alterar : criar;

  const [nome, setNome] = useState(usuario?.nome ?? '');
  const [email, setEmail] = useState(usuario?.email ?? '');
  const [tipo, setTipo] = useState<TipoUsuario>(usuario?.tipo ?? 'cliente');
  const [empresa, setEmpresa] = useState<EmpresaEscolhida | null>(
    usuario?.empresaId ? { id: usuario.empresaId, nome: usuario.empresa ?? '' } : null,
  );
  // '' lets the server choose: gestor when the company has no active gestor yet, else membro.
  const [papel, setPapel] = useState<'' | Papel>(usuario?.empresaId ? (usuario.papel ?? '') : '');
  const [telefone, setTelefone] = useState(usuario?.telefone ?? '');
  const [planoId, setPlanoId] = useState(usuario?.plano?.id ?? '');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function onError(error: Error) {
    const found: FieldErrors<Field> =
      error instanceof ApiError && error.code === 'EMAIL_EM_USO'
        ? { email: error.message }
        : errorsFromRequest<Field>(error);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError(formRef.current, found);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Only clients belong to a company; the company and role go only when they change, so saving
    // a phone number does not re-check the company's limit of users.
    const empresaId = tipo === 'cliente' ? (empresa?.id ?? null) : null;
    const papelEscolhido = empresaId && papel ? { papel } : {};
    const mudouEmpresa =
      empresaId !== (usuario?.empresaId ?? null) ||
      (empresaId !== null && papel !== '' && papel !== usuario?.papel);
    const alteracao = {
      nome: nome.trim(),
      tipo,
      ...(mudouEmpresa ? { empresaId, ...papelEscolhido } : {}),
      telefone: telefone.trim() || null,
      planoId: planoId || null,
    };
    const destino = email.trim();
    const novo = {
      nome: nome.trim(),
      email: destino,
      tipo,
      ...(empresaId ? { empresaId, ...papelEscolhido } : {}),
      ...(telefone.trim() ? { telefone: telefone.trim() } : {}),
      ...(planoId ? { planoId } : {}),
    };
    // The server's own rules (@laudos/domain/api); the e-mail keeps the form's friendlier texts.
    // (The plan comes from the server's own list: only the typed fields are checked.)
    const doEsquema = usuario
      ? errorsFromSchema<Field>(atualizarUsuarioEntrada, alteracao)
      : errorsFromSchema<Field>(criarUsuarioEntrada, novo);
    const found: FieldErrors<Field> = {};
    for (const campo of ['nome', 'empresaId', 'telefone'] as const)
      if (doEsquema[campo]) found[campo] = doEsquema[campo];
    const emailErrado = usuario ? undefined : emailError(email);
    if (emailErrado) found.email = emailErrado;
    // A name typed but not chosen from the list would save the person without a company.
    const textoDaEmpresa = formRef.current?.elements.namedItem('empresaId');
    if (
      tipo === 'cliente' &&
      !empresa &&
      textoDaEmpresa instanceof HTMLInputElement &&
      textoDaEmpresa.value.trim()
    )
      found.empresaId = 'Escolha a empresa na lista, ou apague o texto para deixar a pessoa sem empresa.';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    if (usuario) {
      alterar.mutate(
        { id: usuario.id, ...alteracao },
        {
          onSuccess: (saved) => {
            showToast({ type: 'success', title: `Dados de ${saved.nome} salvos.` });
            onDone();
          },
          onError,
        },
      );
    } else {
      criar.mutate(novo, {
        onSuccess: (created) => {
          showToast({
            type: 'success',
            title: `Usuário criado. A senha temporária foi enviada para ${created.email || destino}.`,
          });
          onDone();
        },
        onError,
      });
    }
  }

  const emailInUse = mutation.error instanceof ApiError && mutation.error.code === 'EMAIL_EM_USO';

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {mutation.error && !emailInUse ? <FormAlert>{errorMessage(mutation.error)}</FormAlert> : null}
      <TextField
        label="Nome"
        name="nome"
        autoComplete="off"
        data-autofocus
        value={nome}
        onChange={(event) => setNome(event.target.value)}
        error={errors.nome}
      />
      <TextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        disabled={usuario !== null}
        hint={usuario ? 'O e-mail de acesso não pode ser alterado.' : undefined}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Tipo"
          name="tipo"
          value={tipo}
          onChange={(event) => setTipo(event.target.value === 'admin' ? 'admin' : 'cliente')}
        >
          <option value="cliente">Cliente</option>
          <option value="admin">Administrador</option>
        </SelectField>
        <SelectField
          label="Plano"
          name="planoId"
          value={planoId}
          hint={empresa && tipo === 'cliente' ? 'Com empresa, vale o plano da empresa.' : undefined}
          onChange={(event) => setPlanoId(event.target.value)}
        >
          <option value="">{usuario ? 'Sem plano' : 'Plano padrão'}</option>
          {planos.map((plano) => (
            <option key={plano.id} value={plano.id}>
              {plano.nome}
            </option>
          ))}
        </SelectField>
      </div>
      {tipo === 'cliente' ? (
        <EmpresaCombobox
          optional
          hint="A pessoa vê os laudos da empresa. Sem empresa, só os enviados ao próprio e-mail."
          selecionada={empresa}
          onSelecionar={(escolhida) => {
            // Another company: its role is chosen again (or left to the server).
            if (escolhida?.id !== empresa?.id)
              setPapel(escolhida?.id === usuario?.empresaId ? (usuario?.papel ?? '') : '');
            setEmpresa(escolhida);
          }}
          error={errors.empresaId}
        />
      ) : null}
      {tipo === 'cliente' && empresa ? (
        <SelectField
          label="Papel na empresa"
          name="papel"
          value={papel}
          hint="O gestor convida colegas e cuida da equipe."
          onChange={(event) => setPapel(papelDoSelect(event.target.value))}
          error={errors.papel}
        >
          <option value="">{OPCAO_PAPEL_AUTOMATICO}</option>
          <option value="gestor">Gestor</option>
          <option value="membro">Membro</option>
        </SelectField>
      ) : null}
      <TextField
        label="Telefone"
        optional
        name="telefone"
        type="tel"
        autoComplete="off"
        value={telefone}
        onChange={(event) => setTelefone(event.target.value)}
        error={errors.telefone}
      />
      <AcoesDoFormulario className="pt-2">
        <button type="button" onClick={onDone} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button type="submit" disabled={mutation.isPending} className={buttonClass('primary')}>
          {mutation.isPending ? 'Salvando...' : usuario ? 'Salvar alterações' : 'Criar usuário'}
        </button>
      </AcoesDoFormulario>
    </form>
  );
}
