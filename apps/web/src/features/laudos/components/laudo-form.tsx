import { calendarDayIn } from '@laudos/domain';
import type { CampoInvalido } from '@laudos/domain/api';
import { camposDoErro, laudoEntrada } from '@laudos/domain/api';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { AcoesDoFormulario } from '../../../components/ui/acoes-do-formulario';
import { buttonClass } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { useSiteInfo } from '../../../lib/site-info';
import { type FieldErrors, focusFirstError } from '../../../lib/validation';
import type { Laudo, TipoArquivo } from '../api/laudo';
import type { DadosLaudo } from '../api/mutations';
import { useTiposLaudo } from '../api/tipos-laudo';
import { erroDoArquivo } from '../api/upload-arquivo';
import { CamposDeArquivos } from './campos-de-arquivos';
import { type EmpresaDoLaudo, EmpresaPicker } from './empresa-picker';
import { vencimentoSugerido } from './periodo-do-tipo';

/** Spec §5: the one message for a laudo missing its required fields. */
export const MENSAGEM_OBRIGATORIOS =
  'Dados obrigatórios faltando: nome, código, cliente e tipo são obrigatórios.';

export type ValoresLaudo = {
  nome: string;
  codigo: string;
  /** The client's name: the company's, once chosen (admins). */
  cliente: string;
  /** Admins: the company chosen in the picker (null: none yet, or a laudo's old client text). */
  empresaId: string | null;
  tipo: string;
  emailCliente: string;
  dataVencimento: string;
  observacoes: string;
};

type Campo = Exclude<keyof ValoresLaudo, 'empresaId'> | TipoArquivo;

export type ArquivosEscolhidos = { pdf: File | null; excel: File | null };

export function valoresDoLaudo(laudo: Laudo): ValoresLaudo {
  return {
    nome: laudo.nome,
    codigo: laudo.codigo,
    cliente: laudo.cliente,
    empresaId: laudo.empresa_id,
    tipo: laudo.tipo,
    emailCliente: laudo.emailCliente ?? '',
    dataVencimento: laudo.dataVencimento ?? '',
    observacoes: laudo.observacoes ?? '',
  };
}

export function valoresVazios(emailCliente = ''): ValoresLaudo {
  return {
    nome: '',
    codigo: '',
    cliente: '',
    empresaId: null,
    tipo: '',
    emailCliente,
    dataVencimento: '',
    observacoes: '',
  };
}

/**
 * The body of POST /api/laudos from the form. Admins send the company chosen (`empresaId`); a laudo
 * kept on its old client text, with no company, sends that text. Clients send neither.
 */
export function dadosDoFormulario(valores: ValoresLaudo, admin: boolean): DadosLaudo {
  const cliente = !admin
    ? {}
    : valores.empresaId
      ? { empresaId: valores.empresaId }
      : { cliente: valores.cliente.trim() };
  return {
    nome: valores.nome.trim(),
    codigo: valores.codigo.trim(),
    ...cliente,
    tipo: valores.tipo.trim(),
    observacoes: valores.observacoes.trim() || null,
    emailCliente: valores.emailCliente.trim() || null,
    dataVencimento: valores.dataVencimento || null,
  };
}

type LaudoFormProps = {
  inicial: ValoresLaudo;
  /** Admins choose the client; a client's laudos go to their own company. */
  admin: boolean;
  /** Shows the PDF and Excel inputs (creation, with the upload feature on). */
  comArquivos?: boolean;
  submitLabel: string;
  pending: boolean;
  /** The server's message, shown as is. */
  erro?: string | null;
  /** The fields the server's 400 named (ApiError.campos): each is marked until it is changed. */
  camposDoServidor?: readonly CampoInvalido[] | undefined;
  /** Below the fields: the upload progress, for instance. */
  children?: ReactNode;
  onSubmit: (valores: ValoresLaudo, arquivos: ArquivosEscolhidos) => void;
  onCancel?: () => void;
  /** An NR-13 exam's laudo (decision 048): its date is the equipment registry's, not edited here. */
  vencimentoDoCadastro?: boolean;
  /**
   * Creation (decision 049): a type with a default period prefills the date (today in the firm's
   * time zone + period), still editable; a type tied to an NR-13 exam is not offered.
   */
  novo?: boolean;
};

/** The fields of a laudo, for creating (/novo-laudo) and editing. */
export function LaudoForm({
  inicial,
  admin,
  comArquivos = false,
  submitLabel,
  pending,
  erro,
  camposDoServidor,
  children,
  onSubmit,
  onCancel,
  vencimentoDoCadastro = false,
  novo = false,
}: LaudoFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const tipos = useTiposLaudo();
  const { timeZone } = useSiteInfo();
  // The date the period last put in the field: a type changed later replaces it, never a typed one.
  const prefill = useRef<string | null>(null);
  const [valores, setValores] = useState(inicial);
  const [arquivos, setArquivos] = useState<ArquivosEscolhidos>({ pdf: null, excel: null });
  const [erros, setErros] = useState<FieldErrors<Campo>>({});
  const [faltando, setFaltando] = useState(false);

  useEffect(() => {
    if (!camposDoServidor?.length) return;
    setErros((atual) => {
      const marcados = { ...atual };
      for (const { campo, mensagem } of camposDoServidor) {
        // The company is chosen in the "cliente" field.
        const nome = campo === 'empresaId' ? 'cliente' : campo;
        if (nome in valoresVazios() && nome !== 'empresaId') marcados[nome as Campo] = mensagem;
      }
      return marcados;
    });
  }, [camposDoServidor]);

  function alterar(campo: Exclude<keyof ValoresLaudo, 'empresaId'>, valor: string) {
    setValores((atual) => ({ ...atual, [campo]: valor }));
    if (erros[campo]) setErros((atual) => ({ ...atual, [campo]: undefined }));
  }

  function escolherTipo(tipo: string) {
    alterar('tipo', tipo);
    if (!novo) return;
    const livre = !valores.dataVencimento || valores.dataVencimento === prefill.current;
    if (!livre) return;
    const sugerido = vencimentoSugerido(tipos.data, tipo, calendarDayIn(timeZone));
    prefill.current = sugerido?.data ?? null;
    alterar('dataVencimento', sugerido?.data ?? '');
  }

  function escolherEmpresa(empresa: EmpresaDoLaudo | null) {
    setValores((atual) => ({ ...atual, cliente: empresa?.nome ?? '', empresaId: empresa?.id || null }));
    if (empresa && erros.cliente) setErros((atual) => ({ ...atual, cliente: undefined }));
  }

  function escolherArquivo(tipo: TipoArquivo, arquivo: File | null) {
    setArquivos((atual) => ({ ...atual, [tipo]: arquivo }));
    setErros((atual) => ({ ...atual, [tipo]: arquivo ? erroDoArquivo(arquivo, tipo) : undefined }));
  }

  function enviar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const encontrados: FieldErrors<Campo> = {};
    if (!valores.nome.trim()) encontrados.nome = 'Informe o nome do laudo.';
    if (!valores.codigo.trim()) encontrados.codigo = 'Informe o código do laudo.';
    if (admin && !valores.cliente.trim()) encontrados.cliente = 'Escolha a empresa na lista ou crie uma.';
    if (!valores.tipo.trim()) encontrados.tipo = 'Escolha o tipo do laudo.';
    const obrigatoriosFaltando = Object.keys(encontrados).length > 0;
    // The server's own rules for each field (the shared schema), with the form's wording for the e-mail.
    const conferido = laudoEntrada.safeParse(dadosDoFormulario(valores, admin));
    for (const { campo, mensagem } of conferido.success ? [] : camposDoErro(conferido.error.issues)) {
      const nome = (campo === 'empresaId' ? 'cliente' : campo) as Campo;
      if (nome in valores && !encontrados[nome])
        encontrados[nome] =
          nome === 'emailCliente' ? 'Informe um e-mail válido, como nome@empresa.com.br.' : mensagem;
    }
    for (const tipo of ['pdf', 'excel'] as const) {
      const arquivo = arquivos[tipo];
      const problema = arquivo ? erroDoArquivo(arquivo, tipo) : undefined;
      if (problema) encontrados[tipo] = problema;
    }
    setErros(encontrados);
    setFaltando(obrigatoriosFaltando);
    if (Object.keys(encontrados).length > 0) {
      focusFirstError(formRef.current, encontrados);
      return;
    }
    onSubmit(valores, arquivos);
  }

  // A type tied to an NR-13 exam is the registry's (decision 049): a new laudo cannot take it.
  const opcoesTipo = (tipos.data ?? []).filter((tipo) => !novo || !tipo.exame || tipo.nome === valores.tipo);
  const periodo = vencimentoSugerido(tipos.data, valores.tipo, calendarDayIn(timeZone));
  const tipoForaDaLista = valores.tipo && !opcoesTipo.some((tipo) => tipo.nome === valores.tipo);

  return (
    <form ref={formRef} noValidate onSubmit={enviar} className="space-y-5">
      {faltando ? <FormAlert>{MENSAGEM_OBRIGATORIOS}</FormAlert> : null}
      {erro ? <FormAlert>{erro}</FormAlert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Nome do laudo"
          name="nome"
          required
          autoComplete="off"
          value={valores.nome}
          error={erros.nome}
          onChange={(event) => alterar('nome', event.target.value)}
        />
        <TextField
          label="Código"
          name="codigo"
          required
          autoComplete="off"
          value={valores.codigo}
          error={erros.codigo}
          hint="Único por laudo, como NR13-2026-001."
          onChange={(event) => alterar('codigo', event.target.value)}
        />
        <SelectField
          label="Tipo"
          name="tipo"
          required
          value={valores.tipo}
          error={erros.tipo}
          hint={tipos.isError ? 'Não foi possível carregar os tipos. Recarregue a página.' : undefined}
          onChange={(event) => escolherTipo(event.target.value)}
        >
          <option value="">{tipos.isPending ? 'Carregando tipos...' : 'Selecione o tipo'}</option>
          {tipoForaDaLista ? <option value={valores.tipo}>{valores.tipo}</option> : null}
          {opcoesTipo.map((tipo) => (
            <option key={tipo.nome} value={tipo.nome}>
              {tipo.nome}
            </option>
          ))}
        </SelectField>
        {admin ? (
          <EmpresaPicker
            name="cliente"
            error={erros.cliente}
            selecionada={valores.cliente ? { id: valores.empresaId, nome: valores.cliente } : null}
            onSelecionar={escolherEmpresa}
          />
        ) : null}
        <TextField
          label="E-mail do cliente"
          name="emailCliente"
          type="email"
          optional
          autoComplete="email"
          value={valores.emailCliente}
          error={erros.emailCliente}
          hint="Recebe o aviso de criação e os lembretes de vencimento."
          onChange={(event) => alterar('emailCliente', event.target.value)}
        />
        <TextField
          label="Data de vencimento"
          name="dataVencimento"
          type="date"
          optional
          value={valores.dataVencimento}
          error={erros.dataVencimento}
          disabled={vencimentoDoCadastro}
          hint={
            vencimentoDoCadastro
              ? 'A data vem do cadastro de equipamentos NR-13: muda ao registrar uma inspeção ou uma prorrogação na página do equipamento.'
              : periodo
                ? `${periodo.dica} Você pode alterar a data.`
                : 'Sem data, o laudo fica como ativo.'
          }
          onChange={(event) => alterar('dataVencimento', event.target.value)}
        />
      </div>
      <TextAreaField
        label="Observações"
        name="observacoes"
        optional
        rows={4}
        value={valores.observacoes}
        error={erros.observacoes}
        onChange={(event) => alterar('observacoes', event.target.value)}
      />
      {comArquivos ? (
        <CamposDeArquivos legenda="Arquivos (opcionais)" erros={erros} onEscolher={escolherArquivo} />
      ) : null}
      {children}
      <AcoesDoFormulario>
        {onCancel ? (
          <button type="button" onClick={onCancel} className={buttonClass('secondary')}>
            Cancelar
          </button>
        ) : null}
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className={buttonClass('primary')}
        >
          {pending ? 'Salvando...' : submitLabel}
        </button>
      </AcoesDoFormulario>
    </form>
  );
}
