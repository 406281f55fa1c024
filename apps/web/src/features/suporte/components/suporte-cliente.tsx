import { abrirChamadoEntrada } from '@laudos/domain/api';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SkeletonText } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { paths, suporteChamadoHref } from '../../../lib/paths';
import { useSiteInfo } from '../../../lib/site-info';
import { errorMessage, errorsFromSchema, type FieldErrors, focusFirstError } from '../../../lib/validation';
import { AnexoRecusado, useAbrirChamado, useChamados, useLaudosParaChamado } from '../api/suporte';
import { ACEITA_ANEXO, StatusDoChamado, tempoDesde } from './comum';

/**
 * The client's "Suporte" (issue 18, `emailSupport` / `prioritySupport`): the company's requests and
 * a form to open one. Without either feature: the firm's contact details and the plans that have it.
 */
export function SuporteCliente({ incluido, prioritario }: { incluido: boolean; prioritario: boolean }) {
  if (!incluido) return <ContatoDaFirma />;
  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-2">
      <section aria-labelledby="chamados-titulo" className="min-w-0 space-y-3">
        <h2 id="chamados-titulo" className="text-lg font-semibold text-slate-900">
          Chamados da empresa
        </h2>
        <ListaDeChamados />
      </section>
      <section
        aria-labelledby="novo-chamado-titulo"
        className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="novo-chamado-titulo" className="text-lg font-semibold text-slate-900">
          Abrir um chamado
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {prioritario
            ? 'Seu plano inclui suporte prioritário: seus chamados são atendidos primeiro.'
            : 'Respondemos por aqui e avisamos você por e-mail.'}
        </p>
        <NovoChamado />
      </section>
    </div>
  );
}

function ListaDeChamados() {
  const lista = useChamados('cliente');
  if (lista.isPending) return <SkeletonText lines={3} label="Carregando os chamados" />;
  if (lista.isError) return <ErrorNotice error={lista.error} onRetry={() => void lista.refetch()} />;
  if (lista.data.chamados.length === 0)
    return <p className="text-sm text-slate-600">Nenhum chamado ainda.</p>;
  return (
    <ul className="space-y-2">
      {lista.data.chamados.map((c) => (
        <li key={c.id}>
          <Link
            to={suporteChamadoHref(c.id)}
            className="block min-w-0 rounded-xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-300"
          >
            <span className="block font-medium break-words text-slate-900">{c.assunto}</span>
            <span className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <StatusDoChamado status={c.status} />
              <span>
                aberto {tempoDesde(c.criadoEm)}
                {c.autor ? ` por ${c.autor}` : ''}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

type Campo = 'assunto' | 'mensagem' | 'laudoId';

function NovoChamado() {
  const abrir = useAbrirChamado();
  const laudos = useLaudosParaChamado(true);
  const navigate = useNavigate();
  const { showToast } = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [assunto, setAssunto] = useState('');
  const [mensagem, setMensagem] = useState('');
  const [laudoId, setLaudoId] = useState('');
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [erros, setErros] = useState<FieldErrors<Campo>>({});

  function enviar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const dados = { assunto, mensagem, laudoId: laudoId || null };
    const novos = errorsFromSchema<Campo>(abrirChamadoEntrada, dados);
    setErros(novos);
    if (Object.keys(novos).length > 0) return focusFirstError(form.current, novos);
    abrir.mutate(
      { dados, arquivo },
      {
        onSuccess: (chamado) => {
          showToast({ type: 'success', title: 'Chamado aberto.', message: 'Avisamos a equipe de suporte.' });
          navigate(suporteChamadoHref(chamado.id));
        },
        onError: (error) => {
          if (error instanceof AnexoRecusado) {
            showToast({ type: 'warning', title: error.message });
            navigate(suporteChamadoHref(error.chamadoId));
          }
        },
      },
    );
  }

  return (
    <form ref={form} noValidate onSubmit={enviar} className="mt-4 space-y-4">
      {abrir.isError && !(abrir.error instanceof AnexoRecusado) ? (
        <FormAlert>{errorMessage(abrir.error)}</FormAlert>
      ) : null}
      <TextField
        label="Assunto"
        name="assunto"
        value={assunto}
        maxLength={150}
        error={erros.assunto}
        onChange={(e) => setAssunto(e.target.value)}
      />
      <TextAreaField
        label="Mensagem"
        name="mensagem"
        rows={5}
        value={mensagem}
        error={erros.mensagem}
        onChange={(e) => setMensagem(e.target.value)}
      />
      <SelectField
        label="Laudo relacionado"
        name="laudoId"
        optional
        value={laudoId}
        error={erros.laudoId}
        onChange={(e) => setLaudoId(e.target.value)}
      >
        <option value="">Nenhum</option>
        {(laudos.data?.laudos ?? []).map((l) => (
          <option key={l.id} value={l.id}>
            {l.nome} ({l.codigo})
          </option>
        ))}
      </SelectField>
      <TextField
        id="anexo-novo-chamado"
        label="Anexo: PDF ou imagem"
        optional
        type="file"
        accept={ACEITA_ANEXO}
        onChange={(e) => setArquivo(e.target.files?.[0] ?? null)}
      />
      <button type="submit" className={buttonClass('primary')} disabled={abrir.isPending}>
        {abrir.isPending ? 'Enviando…' : 'Abrir chamado'}
      </button>
    </form>
  );
}

/** Without either support feature: how to reach the firm, and the plans that include support. */
export function ContatoDaFirma() {
  const { companyName, contact } = useSiteInfo();
  return (
    <section
      aria-labelledby="contato-titulo"
      className="min-w-0 space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="contato-titulo" className="text-lg font-semibold text-slate-900">
        Fale com a {companyName}
      </h2>
      <p className="text-sm text-slate-700">
        Seu plano não inclui suporte por e-mail. Para falar conosco, use os contatos abaixo.
      </p>
      <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium text-slate-900">E-mail</dt>
        <dd className="break-all">
          <a href={`mailto:${contact.email}`} className="text-brand-700 underline">
            {contact.email}
          </a>
        </dd>
        <dt className="font-medium text-slate-900">Telefone</dt>
        <dd>{contact.phone}</dd>
        <dt className="font-medium text-slate-900">WhatsApp</dt>
        <dd>
          <a
            href={`https://wa.me/${contact.whatsapp}`}
            className="text-brand-700 underline"
            target="_blank"
            rel="noreferrer"
          >
            Conversar pelo WhatsApp
          </a>
        </dd>
        <dt className="font-medium text-slate-900">Endereço</dt>
        <dd>{contact.address}</dd>
      </dl>
      <Link to={paths.planos} className={buttonClass('primary')}>
        Ver os planos com suporte por e-mail
      </Link>
    </section>
  );
}
