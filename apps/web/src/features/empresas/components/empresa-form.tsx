import { formatarCnpj } from '@laudos/domain';
import { atualizarEmpresaEntrada, criarEmpresaEntrada } from '@laudos/domain/api';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { AcoesDoFormulario } from '../../../components/ui/acoes-do-formulario';
import { buttonClass } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import type { NovaEmpresa } from '../../../lib/criar-empresa';
import {
  errorMessage,
  errorsFromRequest,
  errorsFromSchema,
  type FieldErrors,
  focusFirstError,
} from '../../../lib/validation';
import type { Empresa } from '../api/empresa';

/** A plan the company may be on (the plans live in their own feature; the page passes them in). */
export type PlanoOpcao = { id: string; nome: string };

/** What the form sends: a new company's fields, plus `ativo` when editing. */
export type DadosEmpresa = NovaEmpresa & { ativo?: boolean };

type Campo = 'razaoSocial' | 'nomeFantasia' | 'cnpj' | 'endereco' | 'emailContato' | 'telefone' | 'planoId';

export type ValoresIniciaisEmpresa = Partial<{
  razaoSocial: string;
  nomeFantasia: string;
  cnpj: string | null;
  endereco: string | null;
  emailContato: string | null;
  telefone: string | null;
  planoId: string | null;
  ativo: boolean;
}>;

export function valoresDaEmpresa(empresa: Empresa): ValoresIniciaisEmpresa {
  return {
    razaoSocial: empresa.razaoSocial,
    nomeFantasia: empresa.nomeFantasia,
    cnpj: empresa.cnpj,
    endereco: empresa.endereco,
    emailContato: empresa.emailContato,
    telefone: empresa.telefone,
    planoId: empresa.plano?.id ?? null,
    ativo: empresa.ativo,
  };
}

/** The field a refusal is about: a 400's `campos`, or the CNPJ another company already has (409). */
export function errosDoServidor(error: unknown): FieldErrors<Campo> {
  if (error instanceof ApiError && error.code === 'CNPJ_DUPLICADO') return { cnpj: error.message };
  return errorsFromRequest<Campo>(error);
}

type EmpresaFormProps = {
  inicial: ValoresIniciaisEmpresa;
  planos: readonly PlanoOpcao[];
  /** Editing: shows "Empresa ativa" and checks the fields as a PATCH. */
  edicao?: boolean;
  submitLabel: string;
  pending: boolean;
  /** The failed request, if any: its fields are marked, its message shown above. */
  error: Error | null;
  /** Between the fields and the buttons (a note on who joins, say). */
  children?: ReactNode;
  onSubmit: (dados: DadosEmpresa) => void;
  onCancel: () => void;
};

/**
 * The fields of a company, checked with the same schema the server uses (`@laudos/domain/api`):
 * "Nova empresa", "Editar dados" and the company created from a request to join.
 */
export function EmpresaForm({
  inicial,
  planos,
  edicao = false,
  submitLabel,
  pending,
  error,
  children,
  onSubmit,
  onCancel,
}: EmpresaFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [razaoSocial, setRazaoSocial] = useState(inicial.razaoSocial ?? '');
  const [nomeFantasia, setNomeFantasia] = useState(inicial.nomeFantasia ?? '');
  const [cnpj, setCnpj] = useState(inicial.cnpj ? formatarCnpj(inicial.cnpj) : '');
  const [endereco, setEndereco] = useState(inicial.endereco ?? '');
  const [emailContato, setEmailContato] = useState(inicial.emailContato ?? '');
  const [telefone, setTelefone] = useState(inicial.telefone ?? '');
  const [planoId, setPlanoId] = useState(inicial.planoId ?? '');
  const [ativo, setAtivo] = useState(inicial.ativo ?? true);
  const [erros, setErros] = useState<FieldErrors<Campo>>({});
  // The server's refusal marks its field (a 400's `campos`, the CNPJ in use) until the next try.
  const campoRecusado = Object.keys(errosDoServidor(error)).length > 0;
  useEffect(() => {
    const marcados = errosDoServidor(error);
    if (Object.keys(marcados).length === 0) return;
    setErros(marcados);
    focusFirstError(formRef.current, marcados);
  }, [error]);

  function enviar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const dados: DadosEmpresa = {
      razaoSocial: razaoSocial.trim(),
      nomeFantasia: nomeFantasia.trim(),
      cnpj: cnpj.trim() || null,
      endereco: endereco.trim() || null,
      emailContato: emailContato.trim() || null,
      telefone: telefone.trim() || null,
      // A new company without a plan chosen gets the default one (the server's choice).
      ...(planoId || edicao ? { planoId: planoId || null } : {}),
      ...(edicao ? { ativo } : {}),
    };
    const encontrados = errorsFromSchema<Campo>(
      edicao ? atualizarEmpresaEntrada : criarEmpresaEntrada,
      dados,
    );
    if (encontrados.emailContato)
      encontrados.emailContato = 'Informe um e-mail válido, como nome@empresa.com.br.';
    setErros(encontrados);
    if (Object.keys(encontrados).length > 0) {
      focusFirstError(formRef.current, encontrados);
      return;
    }
    onSubmit(dados);
  }

  return (
    <form ref={formRef} noValidate onSubmit={enviar} className="space-y-4">
      {error && !campoRecusado ? <FormAlert>{errorMessage(error)}</FormAlert> : null}
      <TextField
        label="Razão social"
        name="razaoSocial"
        autoComplete="off"
        data-autofocus
        value={razaoSocial}
        onChange={(event) => setRazaoSocial(event.target.value)}
        error={erros.razaoSocial}
      />
      <TextField
        label="Nome fantasia"
        name="nomeFantasia"
        autoComplete="off"
        hint="O nome mostrado nos laudos e nas telas dos clientes."
        value={nomeFantasia}
        onChange={(event) => setNomeFantasia(event.target.value)}
        error={erros.nomeFantasia}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="CNPJ"
          optional
          name="cnpj"
          inputMode="numeric"
          autoComplete="off"
          placeholder="00.000.000/0000-00"
          value={cnpj}
          onChange={(event) => setCnpj(event.target.value)}
          error={erros.cnpj}
        />
        <SelectField
          label="Plano"
          name="planoId"
          value={planoId}
          onChange={(event) => setPlanoId(event.target.value)}
          error={erros.planoId}
        >
          <option value="">{edicao ? 'Sem plano' : 'Plano padrão'}</option>
          {planos.map((plano) => (
            <option key={plano.id} value={plano.id}>
              {plano.nome}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label="Endereço"
        optional
        name="endereco"
        autoComplete="off"
        value={endereco}
        onChange={(event) => setEndereco(event.target.value)}
        error={erros.endereco}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="E-mail de contato"
          optional
          name="emailContato"
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={emailContato}
          onChange={(event) => setEmailContato(event.target.value)}
          error={erros.emailContato}
        />
        <TextField
          label="Telefone"
          optional
          name="telefone"
          type="tel"
          autoComplete="off"
          value={telefone}
          onChange={(event) => setTelefone(event.target.value)}
          error={erros.telefone}
        />
      </div>
      {edicao ? (
        <CheckboxField
          label="Empresa ativa"
          hint="Uma empresa inativa não aparece na escolha da empresa de um laudo."
          name="ativo"
          checked={ativo}
          onChange={(event) => setAtivo(event.target.checked)}
        />
      ) : null}
      {children}
      <AcoesDoFormulario className="pt-2">
        <button type="button" onClick={onCancel} className={buttonClass('secondary')}>
          Cancelar
        </button>
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
