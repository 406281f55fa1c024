import { calendarDayIn, formatDateBR, isIsoDate } from '@laudos/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { DataTable, type DataTableColumn, EmailText } from '../../../components/ui/data-table';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { rotuloTipoEmail } from '../../../lib/email-labels';
import { plural } from '../../../lib/format';
import { laudoHref } from '../../../lib/paths';
import { useSiteInfo } from '../../../lib/site-info';
import { errorMessage } from '../../../lib/validation';
import { type ItemSimulacao, type Simulacao, useSimularEnvio } from '../api/simulacao';
import { rotuloMarco, rotulosTipoNotificacao } from './rotulos';
import { Secao } from './secao';

/** The "Simulação" tab: what a run on a date would send, without sending anything. */
export function SimulacaoEnvio() {
  // "Today" for the reminders is a day in the firm's time zone (the server's APP_TIMEZONE).
  const { timeZone } = useSiteInfo();
  const [data, setData] = useState(() => calendarDayIn(timeZone));
  const [erro, setErro] = useState<string | undefined>();
  const simular = useSimularEnvio();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isIsoDate(data)) {
      setErro('Informe uma data válida.');
      return;
    }
    setErro(undefined);
    simular.mutate(data);
  }

  return (
    <Secao
      titulo="Simular envio"
      descricao="Mostra os e-mails que uma execução nesta data enviaria. Nada é enviado."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Data da simulação"
          name="data"
          type="date"
          className="sm:w-56"
          value={data}
          onChange={(event) => setData(event.target.value)}
          error={erro}
        />
        <button
          type="submit"
          disabled={simular.isPending}
          aria-busy={simular.isPending || undefined}
          className={`${buttonClass('primary')} sm:mt-6`}
        >
          {simular.isPending ? 'Simulando...' : 'Simular'}
        </button>
      </form>
      {simular.isError ? <FormAlert>{errorMessage(simular.error)}</FormAlert> : null}
      {simular.isSuccess ? <ResultadoSimulacao simulacao={simular.data} /> : null}
    </Secao>
  );
}

function ResultadoSimulacao({ simulacao }: { simulacao: Simulacao }) {
  const novos = simulacao.itens.filter((item) => !item.jaEnviado).length;
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold text-slate-900">Resultado para {formatDateBR(simulacao.data)}</h3>
      <div role="status" className="space-y-1 text-sm text-slate-700">
        {simulacao.itens.length === 0 ? (
          <p>Nenhum e-mail seria enviado nesta data.</p>
        ) : (
          <p>
            {plural(simulacao.itens.length, 'e-mail listado', 'e-mails listados')};{' '}
            {plural(novos, 'seria enviado', 'seriam enviados')} (os demais já foram enviados).
          </p>
        )}
        <p>
          {simulacao.semEmail === 0
            ? 'Todos os laudos têm e-mail de cliente.'
            : `${plural(simulacao.semEmail, 'laudo sem e-mail de cliente', 'laudos sem e-mail de cliente')}: não receberiam aviso.`}
        </p>
        {simulacao.semPlano > 0 ? (
          <p>
            {plural(simulacao.semPlano, 'aviso', 'avisos')} sem notificações no plano: a empresa não receberia
            e-mail.
          </p>
        ) : null}
        {simulacao.foraDoTipo > 0 ? (
          <p>
            {plural(simulacao.foraDoTipo, 'laudo', 'laudos')} com marco só em regras de outros tipos de laudo:
            não receberiam aviso.
          </p>
        ) : null}
        {simulacao.resumos.length > 0 ? (
          <p>
            {plural(simulacao.resumos.length, 'resumo', 'resumos')} (um e-mail por destinatário):{' '}
            {simulacao.resumos
              .map((r) => `${r.destinatario} (${plural(r.laudos, 'laudo', 'laudos')})`)
              .join(', ')}
            .
          </p>
        ) : null}
        {simulacao.respondidos > 0 ? (
          <p>
            {plural(simulacao.respondidos, 'laudo respondido', 'laudos respondidos')} pelo cliente (renovação
            solicitada ou já providenciando): os lembretes desse vencimento não sairiam.
          </p>
        ) : null}
        {simulacao.descadastrados > 0 ? (
          <p>
            {plural(simulacao.descadastrados, 'e-mail não sairia', 'e-mails não sairiam')}: a pessoa desligou
            esse tipo de mensagem nas preferências de notificação.
          </p>
        ) : null}
        {simulacao.suprimidos > 0 ? (
          <p>
            {plural(simulacao.suprimidos, 'destinatário', 'destinatários')} na lista de supressão (devolução
            permanente ou reclamação): não receberiam o lembrete.
          </p>
        ) : null}
      </div>
      {simulacao.itens.length > 0 ? (
        <DataTable
          caption={`E-mails que seriam enviados em ${formatDateBR(simulacao.data)}`}
          columns={colunas}
          rows={simulacao.itens}
          // One e-mail per rule, laudo, recipient and template on a day.
          rowKey={(item) => `${item.regra}|${item.laudoId ?? ''}|${item.destinatario}|${item.templateType}`}
        />
      ) : null}
    </div>
  );
}

const colunas: DataTableColumn<ItemSimulacao>[] = [
  {
    header: 'Laudo',
    rowHeader: true,
    className: 'min-w-48 text-left font-normal',
    cell: (item) => <LaudoDoItem item={item} />,
  },
  {
    header: 'Código',
    fold: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (item) => item.laudoCodigo ?? '—',
  },
  {
    header: 'Destinatário',
    className: 'text-slate-700',
    cell: (item) => (
      <>
        {item.destinatarioNome ? <span className="block text-slate-900">{item.destinatarioNome}</span> : null}
        <EmailText email={item.destinatario} />
      </>
    ),
  },
  {
    header: 'Tipo',
    fold: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (item) => rotulosTipoNotificacao[item.tipo],
  },
  {
    header: 'Dias',
    fold: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (item) => rotuloMarco(item.tipo, item.dias),
  },
  {
    header: 'Modelo',
    fold: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (item) => rotuloTipoEmail(item.templateType),
  },
  { header: 'Assunto', className: 'min-w-48 text-slate-900', cell: (item) => item.assunto },
  { header: 'Regra', fold: true, className: 'text-slate-700', cell: (item) => item.regra },
  {
    header: 'Situação',
    cell: (item) =>
      item.jaEnviado ? (
        <Badge tone="neutral">Já enviado</Badge>
      ) : item.resumo ? (
        <Badge tone="brand">No resumo</Badge>
      ) : (
        <Badge tone="brand">Seria enviado</Badge>
      ),
  },
];

function LaudoDoItem({ item }: { item: ItemSimulacao }) {
  const laudo = item.laudoNome ?? (item.tipo === 'relatorio_mensal' ? 'Relatório mensal' : '—');
  return (
    <>
      {item.laudoId && item.laudoNome ? (
        <Link to={laudoHref(item.laudoId)} className="font-medium text-brand-700 hover:underline">
          {item.laudoNome}
        </Link>
      ) : (
        <span className="font-medium text-slate-900">{laudo}</span>
      )}
      {item.cliente ? <span className="block text-xs text-slate-600">{item.cliente}</span> : null}
    </>
  );
}
