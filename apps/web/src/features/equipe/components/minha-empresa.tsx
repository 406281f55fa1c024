import { type ReactNode, useState } from 'react';
import { ConvidarDialog } from '../../../components/convites/convidar-dialog';
import { ConvitesLista } from '../../../components/convites/convites-lista';
import { SkeletonText, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorMessage } from '../../../lib/validation';
import { type Convite, type Pessoa, useEquipe } from '../api/equipe';
import { useAlterarPessoa, useCancelarConvite, useConvidar, useReenviarConvite } from '../api/mutations';
import { DadosDaEmpresa } from './dados-da-empresa';
import { type AcaoPessoa, PessoasTabela } from './pessoas-tabela';
import { UsoDoPlano } from './uso-do-plano';

type MinhaEmpresaProps = {
  /** The signed-in person (a member of the company). */
  usuarioId: string;
  /** Their own role changed: the page re-reads the session user (navigation, rights). */
  onPropriaContaAlterada: () => void;
};

/**
 * /minha-empresa: the company's data, plan usage and people for everyone in it; a gestor also
 * invites, resends and cancels invitations, changes roles and (de)activates people. What the server
 * refuses (the plan's limit, the last gestor) is shown in its own words.
 */
export function MinhaEmpresa({ usuarioId, onPropriaContaAlterada }: MinhaEmpresaProps) {
  const equipe = useEquipe();
  const revelando = useRevealDelay(equipe.isPending);
  const { showToast } = useToast();
  const lembretes = useAlterarPessoa();
  const papel = useAlterarPessoa();
  const ativo = useAlterarPessoa();
  const reenviar = useReenviarConvite();
  const cancelar = useCancelarConvite();
  const convidar = useConvidar();
  const [convidando, setConvidando] = useState(false);
  const [acao, setAcao] = useState<AcaoPessoa | null>(null);
  const [cancelando, setCancelando] = useState<Convite | null>(null);
  const [erroPessoas, setErroPessoas] = useState<string | null>(null);
  const [erroConvites, setErroConvites] = useState<string | null>(null);

  if (equipe.isPending || revelando) return <SkeletonText lines={4} label="Carregando a empresa..." />;
  if (equipe.isError) return <ErrorNotice error={equipe.error} onRetry={() => void equipe.refetch()} />;

  const { empresa, pessoas, convites } = equipe.data;
  const gestor = pessoas.find((pessoa) => pessoa.id === usuarioId)?.papel === 'gestor';

  function alternarLembretes(pessoa: Pessoa) {
    setErroPessoas(null);
    lembretes.mutate(
      { id: pessoa.id, receberLembretes: !pessoa.receberLembretes },
      { onError: (error) => setErroPessoas(errorMessage(error)) },
    );
  }

  function onAcao(escolhida: AcaoPessoa) {
    setErroPessoas(null);
    if (escolhida.tipo !== 'reativar') {
      papel.reset();
      ativo.reset();
      setAcao(escolhida);
      return;
    }
    const { pessoa } = escolhida;
    ativo.mutate(
      { id: pessoa.id, ativo: true },
      {
        onSuccess: () => showToast({ type: 'success', title: `${pessoa.nome} foi reativado.` }),
        onError: (error) => setErroPessoas(errorMessage(error)),
      },
    );
  }

  function fecharAcao() {
    setAcao(null);
    papel.reset();
    ativo.reset();
  }

  function reenviarConvite(convite: Convite) {
    setErroConvites(null);
    reenviar.mutate(convite.id, {
      onSuccess: () => showToast({ type: 'success', title: `Convite reenviado para ${convite.email}.` }),
      onError: (error) => setErroConvites(errorMessage(error)),
    });
  }

  const alterando = lembretes.isPending ? (lembretes.variables?.id ?? null) : null;
  const pessoaDaAcao = acao?.pessoa;
  const propria = pessoaDaAcao?.id === usuarioId;
  const novoPapel = pessoaDaAcao?.papel === 'gestor' ? 'membro' : 'gestor';

  return (
    <div className="space-y-8">
      <Secao id="empresa-dados" titulo="Dados da empresa" cartao>
        <DadosDaEmpresa empresa={empresa} />
      </Secao>

      <Secao id="empresa-plano" titulo="Plano e uso" cartao>
        <UsoDoPlano empresa={empresa} />
      </Secao>

      <Secao
        id="empresa-pessoas"
        titulo="Pessoas"
        descricao={
          gestor
            ? 'Quem recebe lembretes ganha um e-mail antes do vencimento de cada laudo da empresa.'
            : 'Só o gestor da empresa convida pessoas e altera a equipe. Você escolhe se recebe os lembretes dos laudos da empresa.'
        }
        acao={
          gestor ? (
            <button type="button" onClick={() => setConvidando(true)} className={buttonClass('primary')}>
              Convidar pessoa
            </button>
          ) : null
        }
      >
        {erroPessoas ? <FormAlert>{erroPessoas}</FormAlert> : null}
        <PessoasTabela
          pessoas={pessoas}
          usuarioId={usuarioId}
          gestor={gestor}
          alterandoId={alterando}
          onLembretes={alternarLembretes}
          onAcao={onAcao}
        />
      </Secao>

      {gestor ? (
        <Secao
          id="empresa-convites"
          titulo="Convites"
          descricao="Cada link vale 7 dias. Reenviar manda um novo link e renova o prazo."
        >
          {erroConvites ? <FormAlert>{erroConvites}</FormAlert> : null}
          <ConvitesLista
            convites={convites}
            onReenviar={reenviarConvite}
            onCancelar={(convite) => {
              setErroConvites(null);
              cancelar.reset();
              setCancelando(convite);
            }}
          />
        </Secao>
      ) : null}

      <ConvidarDialog open={convidando} onClose={() => setConvidando(false)} convidar={convidar} />

      <ConfirmDialog
        open={acao?.tipo === 'papel'}
        title={
          pessoaDaAcao
            ? propria
              ? 'Deixar de ser gestor?'
              : `Tornar ${pessoaDaAcao.nome} ${novoPapel}?`
            : ''
        }
        confirmLabel={novoPapel === 'gestor' ? 'Tornar gestor' : 'Tornar membro'}
        tone="primary"
        pending={papel.isPending}
        error={papel.error ? errorMessage(papel.error) : null}
        onClose={fecharAcao}
        onConfirm={() => {
          if (!pessoaDaAcao) return;
          papel.mutate(
            { id: pessoaDaAcao.id, papel: novoPapel },
            {
              onSuccess: () => {
                showToast({
                  type: 'success',
                  title: propria
                    ? 'Agora você é membro da empresa.'
                    : `${pessoaDaAcao.nome} agora é ${novoPapel}.`,
                });
                fecharAcao();
                if (propria) onPropriaContaAlterada();
              },
            },
          );
        }}
      >
        {pessoaDaAcao ? (
          <p>
            {novoPapel === 'gestor'
              ? `${pessoaDaAcao.nome} poderá convidar pessoas, mudar papéis e desativar pessoas da empresa.`
              : propria
                ? 'Você deixará de convidar pessoas e de alterar a equipe; só outro gestor poderá devolver o papel.'
                : `${pessoaDaAcao.nome} deixará de convidar pessoas e de alterar a equipe.`}
          </p>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={acao?.tipo === 'desativar'}
        title={pessoaDaAcao ? `Desativar ${pessoaDaAcao.nome}?` : ''}
        confirmLabel="Desativar"
        pending={ativo.isPending}
        error={ativo.error ? errorMessage(ativo.error) : null}
        onClose={fecharAcao}
        onConfirm={() => {
          if (!pessoaDaAcao) return;
          ativo.mutate(
            { id: pessoaDaAcao.id, ativo: false },
            {
              onSuccess: () => {
                showToast({ type: 'success', title: `${pessoaDaAcao.nome} foi desativado.` });
                fecharAcao();
              },
            },
          );
        }}
      >
        {pessoaDaAcao ? (
          <p>
            {pessoaDaAcao.nome} não poderá entrar nem ver os laudos da empresa até ser reativado. A vaga no
            plano fica livre.
          </p>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={cancelando !== null}
        title={cancelando ? `Cancelar o convite de ${cancelando.email}?` : ''}
        confirmLabel="Cancelar convite"
        pending={cancelar.isPending}
        error={cancelar.error ? errorMessage(cancelar.error) : null}
        onClose={() => setCancelando(null)}
        onConfirm={() => {
          if (!cancelando) return;
          const { email } = cancelando;
          cancelar.mutate(cancelando.id, {
            onSuccess: () => {
              showToast({ type: 'success', title: `Convite de ${email} cancelado.` });
              setCancelando(null);
            },
          });
        }}
      >
        <p>O link enviado deixa de funcionar. Você pode convidar a pessoa de novo depois.</p>
      </ConfirmDialog>
    </div>
  );
}

/** A titled part of the page; `cartao` frames it (the tables bring their own frame). */
function Secao({
  id,
  titulo,
  descricao,
  acao,
  cartao = false,
  children,
}: {
  id: string;
  titulo: string;
  descricao?: string;
  acao?: ReactNode;
  cartao?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cartao ? 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6' : ''}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={id} className="text-xl font-semibold text-slate-900">
            {titulo}
          </h2>
          {descricao ? <p className="mt-1 text-sm text-slate-600">{descricao}</p> : null}
        </div>
        {acao}
      </div>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}
