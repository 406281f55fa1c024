import { type FormEvent, type ReactNode, useState } from 'react';
import { SkeletonText, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDateTime, plural } from '../../../lib/format';
import { errorMessage } from '../../../lib/validation';
import {
  type EstatisticasEmail,
  type ResultadoLimpeza,
  type StatusServicoEmail,
  useEstatisticasEmail,
  useLimparLogs,
  useStatusServicoEmail,
} from '../api/servico';
import { rotuloProvedor } from './rotulos';
import { Secao } from './secao';

/** The "E-mails" tab: how e-mails leave, how many went, and clearing old logs. */
export function ServicoEmail() {
  return (
    <div className="space-y-10">
      <StatusServico />
      <Estatisticas />
      <LimpezaRegistros />
    </div>
  );
}

function StatusServico() {
  const status = useStatusServicoEmail();
  const revelando = useRevealDelay(status.isPending);
  return (
    <Secao
      titulo="Serviço de e-mail"
      descricao="Por onde os e-mails saem (definido na configuração do servidor)."
    >
      {status.isPending || revelando ? (
        <SkeletonText lines={2} label="Carregando serviço de e-mail..." />
      ) : status.isError ? (
        <ErrorNotice error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <DadosServico status={status.data} />
      )}
    </Secao>
  );
}

function DadosServico({ status }: { status: StatusServicoEmail }) {
  return (
    <dl className="grid gap-4 rounded-xl bg-white p-5 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-5">
      <Dado rotulo="Modo">
        {status.mode === 'sandbox' ? (
          <Badge tone="warning">Sandbox (teste)</Badge>
        ) : (
          <Badge tone="success">Produção</Badge>
        )}
      </Dado>
      <Dado rotulo="Provedor">{rotuloProvedor(status.provider)}</Dado>
      <Dado rotulo="Configurado">
        {status.configured ? <Badge tone="success">Sim</Badge> : <Badge tone="danger">Não</Badge>}
      </Dado>
      <Dado rotulo="Remetente">
        <span className="break-all">{status.from}</span>
      </Dado>
      <Dado rotulo="Taxa de envio">{`${status.ratePerSecond.toLocaleString('pt-BR')} por segundo`}</Dado>
    </dl>
  );
}

function Dado({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{rotulo}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

const cartoes = [
  { chave: 'total', rotulo: 'Total', cor: 'border-slate-300' },
  { chave: 'sent', rotulo: 'Enviados', cor: 'border-emerald-500' },
  { chave: 'failed', rotulo: 'Com falha', cor: 'border-red-600' },
  { chave: 'pending', rotulo: 'Pendentes', cor: 'border-amber-500' },
] as const;

function Estatisticas() {
  const estatisticas = useEstatisticasEmail();
  const revelando = useRevealDelay(estatisticas.isPending);
  return (
    <Secao titulo="Estatísticas de e-mail">
      {estatisticas.isPending || revelando ? (
        <SkeletonText lines={2} label="Carregando estatísticas..." />
      ) : estatisticas.isError ? (
        <ErrorNotice error={estatisticas.error} onRetry={() => void estatisticas.refetch()} />
      ) : (
        <Contagens dados={estatisticas.data} />
      )}
    </Secao>
  );
}

function Contagens({ dados }: { dados: EstatisticasEmail }) {
  const provedores = Object.entries(dados.byProvider).sort(([, a], [, b]) => b - a);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cartoes.map((cartao) => (
          <div
            key={cartao.chave}
            className={`rounded-xl border-l-4 bg-white p-4 shadow-sm ring-1 ring-slate-200 ${cartao.cor}`}
          >
            <dt className="text-sm font-medium text-slate-600">{cartao.rotulo}</dt>
            <dd className="mt-1 text-3xl font-bold text-slate-900">
              {dados[cartao.chave].toLocaleString('pt-BR')}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Por provedor</h3>
        {provedores.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">Nenhum e-mail registrado.</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {provedores.map(([provedor, total]) => (
              <li
                key={provedor}
                className="rounded-lg bg-white px-3 py-2 text-sm shadow-sm ring-1 ring-slate-200"
              >
                <span className="text-slate-700">{rotuloProvedor(provedor)}:</span>{' '}
                <span className="font-semibold text-slate-900">{total.toLocaleString('pt-BR')}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

const DIAS_PADRAO = 90;
const MAX_DIAS = 3650;

function LimpezaRegistros() {
  const limpar = useLimparLogs();
  const { showToast } = useToast();
  const [dias, setDias] = useState(String(DIAS_PADRAO));
  const [erro, setErro] = useState<string | undefined>();
  const [confirmando, setConfirmando] = useState<number | null>(null);
  const [resultado, setResultado] = useState<ResultadoLimpeza | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const valor = Number(dias);
    if (!/^\d+$/.test(dias.trim()) || valor < 1 || valor > MAX_DIAS) {
      setErro(`Informe um número inteiro de dias, de 1 a ${MAX_DIAS}.`);
      return;
    }
    setErro(undefined);
    limpar.reset();
    setConfirmando(valor);
  }

  function fechar() {
    setConfirmando(null);
    limpar.reset();
  }

  return (
    <Secao
      titulo="Limpeza de registros"
      descricao="Remove os registros de e-mails e de notificações mais antigos que o número de dias informado."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Remover registros com mais de"
          hint="Em dias; o padrão é 90."
          name="dias"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_DIAS}
          className="sm:w-56"
          value={dias}
          onChange={(event) => setDias(event.target.value)}
          error={erro}
        />
        <button type="submit" className={`${buttonClass('danger')} sm:mt-6`}>
          Limpar registros
        </button>
      </form>
      {resultado ? (
        <FormAlert tone="success">
          Registros anteriores a {formatDateTime(resultado.corte)} removidos:{' '}
          {plural(resultado.removidos.emailLogs, 'registro de e-mail', 'registros de e-mail')},{' '}
          {plural(resultado.removidos.outbox, 'mensagem da caixa de saída', 'mensagens da caixa de saída')} e{' '}
          {plural(
            resultado.removidos.notificationLogs,
            'registro de notificação',
            'registros de notificação',
          )}
          .
        </FormAlert>
      ) : null}
      <ConfirmDialog
        open={confirmando !== null}
        title="Limpar registros antigos?"
        confirmLabel="Remover registros"
        pending={limpar.isPending}
        error={limpar.error ? errorMessage(limpar.error) : null}
        onClose={fechar}
        onConfirm={() => {
          if (confirmando === null) return;
          limpar.mutate(confirmando, {
            onSuccess: (removidos) => {
              setResultado(removidos);
              setConfirmando(null);
              showToast({ type: 'success', title: 'Registros antigos removidos.' });
            },
          });
        }}
      >
        <p>
          Os registros de e-mails e de notificações com mais de{' '}
          {plural(confirmando ?? DIAS_PADRAO, 'dia', 'dias')} serão removidos. Esta ação não pode ser
          desfeita.
        </p>
      </ConfirmDialog>
    </Secao>
  );
}
