import { salvarTemplateEntrada } from '@laudos/domain/api';
import { type FormEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SkeletonText, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { rotuloTipoEmail } from '../../../lib/email-labels';
import { formatDateTime } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  collectErrors,
  emailError,
  errorMessage,
  type FieldErrors,
  focusFirstError,
  requiredError,
} from '../../../lib/validation';
import {
  type Template,
  useEnviarTeste,
  usePreviewTemplate,
  useRestaurarTemplate,
  useSalvarTemplate,
  useTemplate,
} from '../api/templates';
import { EmailFrame } from './email-frame';
import { rotuloProvedor } from './rotulos';

/** How long the author may pause typing before the preview is rendered again. */
const PREVIEW_DELAY_MS = 400;

type Rascunho = { subject: string; html: string; text: string; active: boolean };
type Campo = 'subject' | 'html' | 'text';

const nomesDosCampos: Record<Campo, string> = { subject: 'Assunto', html: 'HTML', text: 'Texto' };

function rascunhoDe(template: Template): Rascunho {
  return { subject: template.subject, html: template.html, text: template.text, active: template.active };
}

const ehCampo = (nome: unknown): nome is Campo => nome === 'subject' || nome === 'html' || nome === 'text';

/**
 * The draft checked as the server checks it (the shared schema of PUT .../templates/:type), after
 * the two required fields, whose messages come first.
 */
function errosDoRascunho(rascunho: Rascunho): FieldErrors<Campo> {
  const found: FieldErrors<Campo> = {};
  const lido = salvarTemplateEntrada.safeParse(rascunho);
  for (const issue of lido.success ? [] : lido.error.issues) {
    const campo = issue.path[0];
    if (ehCampo(campo)) found[campo] ??= issue.message;
  }
  return {
    ...found,
    ...collectErrors<Campo>({
      subject: requiredError(rascunho.subject, 'Informe o assunto.'),
      html: requiredError(rascunho.html, 'Informe o HTML do e-mail.'),
      text: undefined,
    }),
  };
}

/** The fields a 400 names (`error.campos`), to mark them in the form. */
function errosDaResposta(error: unknown): FieldErrors<Campo> {
  const campos = (error as { campos?: unknown } | null)?.campos;
  const found: FieldErrors<Campo> = {};
  if (!Array.isArray(campos)) return found;
  for (const item of campos as { campo?: unknown; mensagem?: unknown }[])
    if (ehCampo(item.campo) && typeof item.mensagem === 'string') found[item.campo] ??= item.mensagem;
  return found;
}

function campoDeTexto(id: string): HTMLInputElement | HTMLTextAreaElement | null {
  const elemento = document.getElementById(id);
  return elemento instanceof HTMLInputElement || elemento instanceof HTMLTextAreaElement ? elemento : null;
}

type TemplateEditorProps = {
  type: string;
  /** Back to the list of templates. */
  voltarHref: string;
  /** Where "Enviar teste" goes by default (the admin's own address). */
  emailTeste: string;
};

/** One template: its subject, HTML and text, with a live preview and a test send. */
export function TemplateEditor({ type, voltarHref, emailTeste }: TemplateEditorProps) {
  const template = useTemplate(type);
  const revelando = useRevealDelay(template.isPending);
  return (
    <div className="space-y-5">
      <Link to={voltarHref} className="text-sm font-medium text-brand-700 hover:underline">
        <span aria-hidden="true">←</span> Voltar aos modelos
      </Link>
      {template.isPending || revelando ? (
        <SkeletonText lines={4} label="Carregando modelo..." />
      ) : template.isError ? (
        <ErrorNotice error={template.error} onRetry={() => void template.refetch()} />
      ) : (
        <Editor template={template.data} emailTeste={emailTeste} />
      )}
    </div>
  );
}

function Editor({ template, emailTeste }: { template: Template; emailTeste: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { subject: useId(), html: useId(), text: useId() };
  const { showToast } = useToast();
  const salvar = useSalvarTemplate(template.type);
  const restaurar = useRestaurarTemplate(template.type);
  const [salvo, setSalvo] = useState(() => rascunhoDe(template));
  const [rascunho, setRascunho] = useState(salvo);
  const [errors, setErrors] = useState<FieldErrors<Campo>>({});
  const [confirmandoRestauracao, setConfirmandoRestauracao] = useState(false);
  const [insercao, setInsercao] = useState('');
  // The field a variable goes into: the last one the author was in (HTML before any).
  const ultimoCampo = useRef<Campo>('html');
  // Where to put the caret once the inserted variable is on screen.
  const cursorPendente = useRef<{ campo: Campo; posicao: number } | null>(null);

  const alterado =
    rascunho.subject !== salvo.subject ||
    rascunho.html !== salvo.html ||
    rascunho.text !== salvo.text ||
    rascunho.active !== salvo.active;

  const conteudo = useMemo(
    () => ({ subject: rascunho.subject, html: rascunho.html, text: rascunho.text }),
    [rascunho.subject, rascunho.html, rascunho.text],
  );
  const conteudoAtrasado = useDebouncedValue(conteudo, PREVIEW_DELAY_MS);

  useLayoutEffect(() => {
    const pendente = cursorPendente.current;
    if (!pendente) return;
    cursorPendente.current = null;
    const campo = campoDeTexto(ids[pendente.campo]);
    campo?.focus();
    campo?.setSelectionRange(pendente.posicao, pendente.posicao);
  });

  function editar(campo: Campo, valor: string) {
    setRascunho((atual) => ({ ...atual, [campo]: valor }));
  }

  function inserir(variavel: string) {
    const campo = ultimoCampo.current;
    const trecho = `{{ ${variavel} }}`;
    const elemento = campoDeTexto(ids[campo]);
    const valor = rascunho[campo];
    // Replaces the selection, if any; at the end when the field never had the caret.
    const inicio = elemento?.selectionStart ?? valor.length;
    const fim = elemento?.selectionEnd ?? inicio;
    editar(campo, valor.slice(0, inicio) + trecho + valor.slice(fim));
    cursorPendente.current = { campo, posicao: inicio + trecho.length };
    setInsercao(`${trecho} inserida em ${nomesDosCampos[campo]}.`);
  }

  function aplicar(template: Template) {
    const novo = rascunhoDe(template);
    setSalvo(novo);
    setRascunho(novo);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = errosDoRascunho(rascunho);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    salvar.mutate(rascunho, {
      onSuccess: (template) => {
        aplicar(template);
        showToast({ type: 'success', title: `Modelo ${template.name} salvo.` });
      },
      onError: (error) => {
        const doServidor = errosDaResposta(error);
        setErrors(doServidor);
        focusFirstError(formRef.current, doServidor);
      },
    });
  }

  function campoProps(campo: Campo) {
    return {
      id: ids[campo],
      name: campo,
      value: rascunho[campo],
      error: errors[campo],
      spellCheck: campo !== 'html',
      onFocus: () => {
        ultimoCampo.current = campo;
      },
      onChange: (event: { target: { value: string } }) => editar(campo, event.target.value),
    };
  }

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{template.name}</h2>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span>{rotuloTipoEmail(template.type)}</span>
          {template.active ? <Badge tone="success">Ativo</Badge> : <Badge tone="danger">Inativo</Badge>}
          {template.editado ? <Badge tone="brand">Editado</Badge> : <Badge>Padrão</Badge>}
          <span>Atualizado em {formatDateTime(template.updatedAt)}</span>
        </p>
        {/^(vencimento|vencido)_/.test(template.type) ? (
          <p className="mt-2 text-sm text-slate-600">
            Todo lembrete sai com os botões "Solicitar renovação" e "Já estou providenciando" abaixo deste
            texto, acrescentados pelo sistema (não aparecem na pré-visualização e não podem ser removidos).
          </p>
        ) : null}
      </div>

      <div className="grid gap-8 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Editar modelo">
            {salvar.error ? <FormAlert>{errorMessage(salvar.error)}</FormAlert> : null}
            <TextField label="Assunto" autoComplete="off" {...campoProps('subject')} />
            <TextAreaField
              label="HTML"
              rows={16}
              className="[&_textarea]:font-mono [&_textarea]:text-sm"
              {...campoProps('html')}
            />
            <TextAreaField
              label="Texto"
              hint="A versão sem formatação, para quem não vê HTML."
              rows={8}
              className="[&_textarea]:font-mono [&_textarea]:text-sm"
              {...campoProps('text')}
            />
            <CheckboxField
              label="Modelo ativo"
              name="active"
              checked={rascunho.active}
              onChange={(event) => setRascunho((atual) => ({ ...atual, active: event.target.checked }))}
            />
            <Variaveis variaveis={template.variaveis} onInserir={inserir} />
            <p role="status" className="sr-only">
              {insercao}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
              <button type="submit" disabled={salvar.isPending} className={buttonClass('primary')}>
                {salvar.isPending ? 'Salvando...' : 'Salvar'}
              </button>
              <button
                type="button"
                onClick={() => {
                  restaurar.reset();
                  setConfirmandoRestauracao(true);
                }}
                className={buttonClass('secondary')}
              >
                Restaurar padrão
              </button>
              {alterado ? <span className="text-sm text-amber-800">Alterações não salvas.</span> : null}
            </div>
          </form>

          <EnvioTeste type={template.type} emailInicial={emailTeste} alterado={alterado} />
        </div>

        <PreVisualizacao type={template.type} conteudo={conteudoAtrasado} />
      </div>

      <ConfirmDialog
        open={confirmandoRestauracao}
        title="Restaurar o modelo padrão?"
        confirmLabel="Restaurar"
        pending={restaurar.isPending}
        error={restaurar.error ? errorMessage(restaurar.error) : null}
        onClose={() => setConfirmandoRestauracao(false)}
        onConfirm={() =>
          restaurar.mutate(undefined, {
            onSuccess: (template) => {
              aplicar(template);
              setErrors({});
              salvar.reset();
              setConfirmandoRestauracao(false);
              showToast({ type: 'success', title: `Modelo ${template.name} restaurado ao padrão.` });
            },
          })
        }
      >
        <p>
          O assunto, o HTML e o texto de <strong>{template.name}</strong> voltam ao padrão do sistema. As
          alterações feitas neste modelo serão perdidas.
        </p>
      </ConfirmDialog>
    </div>
  );
}

function Variaveis({ variaveis, onInserir }: { variaveis: string[]; onInserir: (variavel: string) => void }) {
  const tituloId = useId();
  if (variaveis.length === 0) return null;
  return (
    <div>
      <h3 id={tituloId} className="text-sm font-medium text-slate-900">
        Variáveis disponíveis
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Clique para inserir no campo em que o cursor estava (no HTML, se nenhum).
      </p>
      <ul aria-labelledby={tituloId} className="mt-2 flex flex-wrap gap-1.5">
        {variaveis.map((variavel) => (
          <li key={variavel}>
            <button
              type="button"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onInserir(variavel)}
              className="rounded-full bg-slate-100 px-2.5 py-1 font-mono text-xs text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-brand-50 hover:text-brand-800"
            >
              <span className="sr-only">Inserir</span> {`{{ ${variavel} }}`}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PreVisualizacao({
  type,
  conteudo,
}: {
  type: string;
  conteudo: { subject: string; html: string; text: string };
}) {
  const preview = usePreviewTemplate(type, conteudo);
  const tituloId = useId();
  return (
    <section aria-labelledby={tituloId} className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={tituloId} className="text-lg font-semibold text-slate-900">
          Pré-visualização
        </h3>
        <p role="status" className="text-xs text-slate-600">
          {preview.isFetching ? 'Atualizando...' : 'Com dados de exemplo.'}
        </p>
      </div>
      {preview.isError ? (
        <FormAlert>{errorMessage(preview.error)}</FormAlert>
      ) : preview.data ? (
        <div className={`space-y-3 ${preview.isPlaceholderData ? 'opacity-70' : ''}`}>
          <p className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">Assunto:</span> {preview.data.subject}
          </p>
          <EmailFrame title="Pré-visualização do e-mail em HTML" html={preview.data.html} />
          <div>
            <h4 className="text-sm font-medium text-slate-900">Versão em texto</h4>
            <pre className="mt-1 max-h-80 overflow-auto rounded-lg bg-white p-3 font-mono text-xs whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">
              {preview.data.text}
            </pre>
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Gerando a pré-visualização...</p>
      )}
    </section>
  );
}

function EnvioTeste({
  type,
  emailInicial,
  alterado,
}: {
  type: string;
  emailInicial: string;
  alterado: boolean;
}) {
  const enviar = useEnviarTeste(type);
  const [para, setPara] = useState(emailInicial);
  const [erro, setErro] = useState<string | undefined>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = emailError(para);
    setErro(found);
    if (found) return;
    enviar.mutate(para.trim());
  }

  const resultado = enviar.data;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Enviar teste"
      className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <TextField
        label="Enviar teste para"
        name="to"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        hint={
          alterado
            ? 'O teste usa a versão salva do modelo: salve antes para testar as alterações.'
            : 'Envia a versão salva do modelo, com dados de exemplo.'
        }
        value={para}
        onChange={(event) => setPara(event.target.value)}
        error={erro}
      />
      <button
        type="submit"
        disabled={enviar.isPending}
        aria-busy={enviar.isPending || undefined}
        className={buttonClass('secondary')}
      >
        {enviar.isPending ? 'Enviando...' : 'Enviar teste'}
      </button>
      {enviar.isError ? <FormAlert>{errorMessage(enviar.error)}</FormAlert> : null}
      {resultado ? (
        resultado.success ? (
          <FormAlert tone="success">
            E-mail de teste enviado para {enviar.variables} ({rotuloProvedor(resultado.provider)}).
          </FormAlert>
        ) : (
          <FormAlert>O envio de teste falhou: {resultado.error ?? 'erro desconhecido'}</FormAlert>
        )
      ) : null}
    </form>
  );
}
