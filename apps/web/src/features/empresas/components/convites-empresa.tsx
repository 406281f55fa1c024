import { convidarEntrada } from '@laudos/domain/api';
import { type FormEvent, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, EmailText } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { RowMenu } from '../../../components/ui/row-menu';
import { formatDateTime } from '../../../lib/format';
import {
  emailError,
  errorMessage,
  errorsFromRequest,
  errorsFromSchema,
  type FieldErrors,
  focusFirstError,
} from '../../../lib/validation';
import { type Convite, type Papel, rotuloDoPapel } from '../api/empresa';
import { useCancelarConvite, useConvidar, useReenviarConvite } from '../api/mutations';
import { Secao } from './secao';

/**
 * The invitations not yet accepted: each link is valid for 7 days; an expired one is marked and may
 * be sent again. "Convidar pessoa" e-mails a new one (refused past the plan's limit of users).
 */
export function ConvitesEmpresa({ empresaId, convites }: { empresaId: string; convites: Convite[] }) {
  const { showToast } = useToast();
  const reenviar = useReenviarConvite();
  const cancelar = useCancelarConvite();
  const [convidando, setConvidando] = useState(false);
  const [cancelando, setCancelando] = useState<Convite | null>(null);

  function reenviarConvite(convite: Convite) {
    reenviar.mutate(
      { empresaId, conviteId: convite.id },
      {
        onSuccess: () => showToast({ type: 'success', title: `Convite reenviado para ${convite.email}.` }),
        onError: (error) =>
          showToast({ type: 'error', title: 'Não foi possível reenviar', message: errorMessage(error) }),
      },
    );
  }

  const colunas: DataTableColumn<Convite>[] = [
    {
      header: 'Convidado',
      rowHeader: true,
      className: 'min-w-44 font-normal',
      cell: (convite) => (
        <>
          <span className="block font-medium text-slate-900">
            <EmailText email={convite.email} />
          </span>
          {convite.nome ? <span className="block text-slate-600">{convite.nome}</span> : null}
        </>
      ),
    },
    {
      header: 'Papel',
      className: 'whitespace-nowrap text-slate-700',
      cell: (convite) => rotuloDoPapel[convite.papel],
    },
    {
      header: 'Validade',
      className: 'text-slate-700',
      cell: (convite) =>
        convite.expirado ? (
          <Badge tone="warning">Expirado</Badge>
        ) : (
          <span className="whitespace-nowrap">até {formatDateTime(convite.expiraEm)}</span>
        ),
    },
    {
      header: 'Enviado em',
      className: 'whitespace-nowrap text-slate-700',
      cell: (convite) => formatDateTime(convite.criadoEm),
    },
    {
      header: 'Ações',
      cell: (convite) => (
        <RowMenu
          label={`Ações para o convite de ${convite.email}`}
          items={[
            { label: 'Reenviar convite', onSelect: () => reenviarConvite(convite) },
            { label: 'Cancelar convite', danger: true, onSelect: () => setCancelando(convite) },
          ]}
        />
      ),
    },
  ];

  return (
    <Secao
      id="empresa-convites"
      titulo="Convites pendentes"
      acao={
        <button type="button" onClick={() => setConvidando(true)} className={buttonClass('primary')}>
          Convidar pessoa
        </button>
      }
    >
      <DataTable
        caption="Convites pendentes"
        columns={colunas}
        rows={convites}
        rowKey={(convite) => convite.id}
        empty="Nenhum convite pendente."
      />

      <ConviteDialog empresaId={empresaId} open={convidando} onClose={() => setConvidando(false)} />

      <ConfirmDialog
        open={cancelando !== null}
        title={cancelando ? `Cancelar o convite de ${cancelando.email}?` : ''}
        confirmLabel="Cancelar convite"
        pending={cancelar.isPending}
        error={cancelar.error ? errorMessage(cancelar.error) : null}
        onClose={() => {
          setCancelando(null);
          cancelar.reset();
        }}
        onConfirm={() => {
          if (!cancelando) return;
          const { email } = cancelando;
          cancelar.mutate(
            { empresaId, conviteId: cancelando.id },
            {
              onSuccess: () => {
                showToast({ type: 'success', title: `Convite de ${email} cancelado.` });
                setCancelando(null);
              },
            },
          );
        }}
      >
        <p>O link enviado deixa de funcionar. Você pode convidar a pessoa de novo depois.</p>
      </ConfirmDialog>
    </Secao>
  );
}

type Campo = 'email' | 'nome';

/** "Convidar pessoa": e-mail, name and role; the server's refusal (the plan's limit) shows above. */
function ConviteDialog({
  empresaId,
  open,
  onClose,
}: {
  empresaId: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Convidar pessoa"
      description="A pessoa recebe por e-mail um link, válido por 7 dias, para criar a senha e entrar na equipe."
    >
      <ConviteForm empresaId={empresaId} onDone={onClose} />
    </Dialog>
  );
}

function ConviteForm({ empresaId, onDone }: { empresaId: string; onDone: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { showToast } = useToast();
  const convidar = useConvidar();
  const [email, setEmail] = useState('');
  const [nome, setNome] = useState('');
  const [papel, setPapel] = useState<Papel>('membro');
  const [erros, setErros] = useState<FieldErrors<Campo>>({});

  function enviar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const dados = { email: email.trim(), nome: nome.trim() || null, papel };
    const encontrados = errorsFromSchema<Campo>(convidarEntrada, dados);
    const emailErrado = emailError(email);
    if (emailErrado) encontrados.email = emailErrado;
    else delete encontrados.email;
    setErros(encontrados);
    if (Object.keys(encontrados).length > 0) {
      focusFirstError(formRef.current, encontrados);
      return;
    }
    convidar.mutate(
      { empresaId, ...dados },
      {
        onSuccess: (convite) => {
          showToast({ type: 'success', title: `Convite enviado para ${convite.email}.` });
          onDone();
        },
        onError: (error) => {
          const campos = errorsFromRequest<Campo>(error);
          if (Object.keys(campos).length === 0) return;
          setErros(campos);
          focusFirstError(formRef.current, campos);
        },
      },
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={enviar} className="space-y-4">
      {convidar.error ? <FormAlert>{errorMessage(convidar.error)}</FormAlert> : null}
      <TextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={erros.email}
      />
      <TextField
        label="Nome"
        optional
        name="nome"
        autoComplete="off"
        value={nome}
        onChange={(event) => setNome(event.target.value)}
        error={erros.nome}
      />
      <SelectField
        label="Papel"
        name="papel"
        value={papel}
        onChange={(event) => setPapel(event.target.value === 'gestor' ? 'gestor' : 'membro')}
      >
        <option value="membro">Membro</option>
        <option value="gestor">Gestor</option>
      </SelectField>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button
          type="submit"
          disabled={convidar.isPending}
          aria-busy={convidar.isPending || undefined}
          className={buttonClass('primary')}
        >
          {convidar.isPending ? 'Enviando...' : 'Enviar convite'}
        </button>
      </div>
    </form>
  );
}
