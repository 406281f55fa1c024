import { criarChaveApiEntrada } from '@laudos/domain/api';
import { type FormEvent, useRef, useState } from 'react';
import { ForaDoPlano } from '../../../components/fora-do-plano';
import { SkeletonText } from '../../../components/loading';
import { useCopiar, useToast } from '../../../components/toast';
import { AcoesDoFormulario } from '../../../components/ui/acoes-do-formulario';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { CampoParaCopiar } from '../../../components/ui/campo-para-copiar';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDateTime } from '../../../lib/format';
import {
  errorMessage,
  errorsFromRequest,
  errorsFromSchema,
  type FieldErrors,
  focusFirstError,
} from '../../../lib/validation';
import {
  type ChaveApi,
  type DonoDasChaves,
  useChavesApi,
  useCriarChaveApi,
  useRevogarChaveApi,
} from '../api/chaves-api';

/** The API's documentation (Swagger UI served by the server, with a quick start). */
export const DOCUMENTACAO_DA_API = '/api/docs';

/**
 * "Chaves de API" (issue 18, `apiAccess`): the company's keys for its own systems to read and
 * write its laudos. The gestor (or an admin, on the company's page) lists them, creates one — shown
 * once, to copy — and revokes them. Without the feature: what it does and the plans that have it.
 */
export function ChavesApiSecao({ dono, incluido }: { dono: DonoDasChaves; incluido: boolean }) {
  return (
    <section
      aria-labelledby="chaves-api-titulo"
      className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="chaves-api-titulo" className="text-xl font-semibold text-slate-900">
        Chaves de API
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Uma chave deixa um sistema {dono.tipo === 'empresa' ? 'da sua empresa' : 'da empresa'} (ERP, planilha,
        script) listar, cadastrar e atualizar os laudos da empresa e enviar os seus arquivos, sem uma senha de
        pessoa.{' '}
        <a href={DOCUMENTACAO_DA_API} className="font-medium text-brand-700 underline">
          Documentação da API
        </a>
      </p>
      <div className="mt-4">
        {incluido ? (
          <ChavesIncluidas dono={dono} />
        ) : (
          <ForaDoPlano recurso="apiAccess" daEmpresa={dono.tipo !== 'empresa'} />
        )}
      </div>
    </section>
  );
}

function ChavesIncluidas({ dono }: { dono: DonoDasChaves }) {
  const chaves = useChavesApi(dono);
  const revogar = useRevogarChaveApi(dono);
  const { showToast } = useToast();
  const [criando, setCriando] = useState(false);
  const [revogando, setRevogando] = useState<ChaveApi | null>(null);

  if (chaves.isPending) return <SkeletonText lines={3} label="Carregando as chaves de API..." />;
  if (chaves.isError) return <ErrorNotice error={chaves.error} onRetry={() => void chaves.refetch()} />;
  const ativas = chaves.data.chaves.filter((c) => !c.revogadoEm).length;
  const cheio = ativas >= chaves.data.maxAtivas;

  const colunas: DataTableColumn<ChaveApi>[] = [
    {
      header: 'Nome',
      rowHeader: true,
      className: 'min-w-36 font-medium [overflow-wrap:anywhere] text-slate-900',
      cell: (chave) => (
        <>
          {chave.nome}
          <span className="block font-mono text-xs font-normal text-slate-600">{chave.prefixo}…</span>
        </>
      ),
    },
    {
      header: 'Criada em',
      className: 'whitespace-nowrap text-slate-700',
      cell: (chave) => formatDateTime(chave.criadoEm),
    },
    {
      header: 'Último uso',
      className: 'whitespace-nowrap text-slate-700',
      cell: (chave) => (chave.ultimoUsoEm ? formatDateTime(chave.ultimoUsoEm) : 'Nunca usada'),
    },
    {
      header: 'Ações',
      cell: (chave) =>
        chave.revogadoEm ? (
          <Badge tone="neutral">Revogada</Badge>
        ) : (
          <button
            type="button"
            className={buttonClass('secondary')}
            aria-label={`Revogar a chave ${chave.nome}`}
            onClick={() => {
              revogar.reset();
              setRevogando(chave);
            }}
          >
            Revogar
          </button>
        ),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {ativas} de {chaves.data.maxAtivas} chaves ativas.
          {cheio ? ' Revogue uma que não use mais para criar outra.' : ''}
        </p>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={cheio}
          onClick={() => setCriando(true)}
        >
          Nova chave
        </button>
      </div>
      <DataTable
        caption="Chaves de API"
        columns={colunas}
        rows={chaves.data.chaves}
        rowKey={(chave) => chave.id}
        empty={<p className="text-sm text-slate-600">Nenhuma chave criada ainda.</p>}
      />

      <NovaChaveDialog dono={dono} open={criando} onClose={() => setCriando(false)} />

      <ConfirmDialog
        open={revogando !== null}
        title={revogando ? `Revogar a chave ${revogando.nome}?` : ''}
        confirmLabel="Revogar chave"
        pending={revogar.isPending}
        error={revogar.error ? errorMessage(revogar.error) : null}
        onClose={() => setRevogando(null)}
        onConfirm={() => {
          if (!revogando) return;
          const { nome } = revogando;
          revogar.mutate(revogando.id, {
            onSuccess: () => {
              showToast({ type: 'success', title: `Chave ${nome} revogada.` });
              setRevogando(null);
            },
          });
        }}
      >
        <p>
          Os sistemas que usam esta chave deixam de acessar a API na hora. Não há como desfazer: para voltar,
          crie uma nova chave.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** "Nova chave": a name, then the key itself, shown this one time with a copy button. */
export function NovaChaveDialog({
  dono,
  open,
  onClose,
}: {
  dono: DonoDasChaves;
  open: boolean;
  onClose: () => void;
}) {
  const criar = useCriarChaveApi(dono);
  function fechar() {
    criar.reset();
    onClose();
  }
  return (
    <Dialog
      open={open}
      onClose={fechar}
      title={criar.data ? 'Copie a chave agora' : 'Nova chave de API'}
      description={
        criar.data ? undefined : 'Dê um nome que diga onde a chave será usada, para reconhecê-la depois.'
      }
    >
      {criar.data ? (
        <ChaveCriada segredo={criar.data.segredo} nome={criar.data.chave.nome} onDone={fechar} />
      ) : (
        <NovaChaveForm criar={criar} onCancel={fechar} />
      )}
    </Dialog>
  );
}

function NovaChaveForm({
  criar,
  onCancel,
}: {
  criar: ReturnType<typeof useCriarChaveApi>;
  onCancel: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [nome, setNome] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'nome'>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = errorsFromSchema<'nome'>(criarChaveApiEntrada, { nome });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    criar.mutate(
      { nome: nome.trim() },
      {
        onError: (error) => {
          const campos = errorsFromRequest<'nome'>(error);
          if (Object.keys(campos).length > 0) setErrors(campos);
        },
      },
    );
  }

  const recusa =
    criar.error && Object.keys(errorsFromRequest(criar.error)).length === 0
      ? errorMessage(criar.error)
      : null;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {recusa ? <FormAlert>{recusa}</FormAlert> : null}
      <TextField
        label="Nome da chave"
        name="nome"
        autoComplete="off"
        placeholder="Integração do ERP"
        data-autofocus
        value={nome}
        onChange={(event) => setNome(event.target.value)}
        error={errors.nome}
      />
      <AcoesDoFormulario className="pt-2">
        <button type="button" onClick={onCancel} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button type="submit" disabled={criar.isPending} className={buttonClass('primary')}>
          {criar.isPending ? 'Criando...' : 'Criar chave'}
        </button>
      </AcoesDoFormulario>
    </form>
  );
}

function ChaveCriada({ segredo, nome, onDone }: { segredo: string; nome: string; onDone: () => void }) {
  const copiar = useCopiar();
  return (
    <div className="space-y-4">
      <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
        <strong>Esta é a única vez que a chave “{nome}” aparece</strong>: guardamos só uma impressão dela.
        Copie-a agora e guarde-a como uma senha. Se perdê-la, revogue-a e crie outra.
      </p>
      <label className="block text-sm font-medium text-slate-900" htmlFor="chave-api-criada">
        Chave de API
      </label>
      <CampoParaCopiar id="chave-api-criada" value={segredo} />
      <p className="text-sm text-slate-600">
        Envie-a no cabeçalho <code className="font-mono">Authorization: Bearer …</code> de cada chamada. Veja
        os exemplos na{' '}
        <a href={DOCUMENTACAO_DA_API} className="font-medium text-brand-700 underline">
          documentação da API
        </a>
        .
      </p>
      <AcoesDoFormulario className="pt-2">
        <button type="button" onClick={onDone} className={buttonClass('secondary')}>
          Já copiei, fechar
        </button>
        <button
          type="button"
          data-autofocus
          onClick={() => void copiar(segredo, 'Chave copiada', 'a chave')}
          className={buttonClass('primary')}
        >
          Copiar chave
        </button>
      </AcoesDoFormulario>
    </div>
  );
}
