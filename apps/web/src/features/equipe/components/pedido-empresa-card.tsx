import { formatarCnpj } from '@laudos/domain';
import { pedirEmpresaEntrada } from '@laudos/domain/api';
import { type FormEvent, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import {
  errorMessage,
  errorsFromRequest,
  errorsFromSchema,
  type FieldErrors,
  focusFirstError,
} from '../../../lib/validation';
import { usePedirEmpresa } from '../api/pedido-empresa';

/** The request to join a company waiting for an admin, as GET /api/me carries it. */
export type PedidoPendente = { nome: string | null; cnpj: string | null };

type Field = 'nome' | 'cnpj';

/**
 * For a client who belongs to no company: they see only the laudos sent to their own e-mail, and
 * may ask to join their company by name or CNPJ (an admin confirms). Once asked, says it waits.
 */
export function PedidoEmpresaCard({
  pedido,
  onEnviado,
}: {
  pedido: PedidoPendente | null;
  /** The request was accepted by the server: the page re-reads GET /api/me. */
  onEnviado: () => unknown;
}) {
  return (
    <section
      aria-labelledby="sem-empresa-titulo"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="sem-empresa-titulo" className="text-lg font-semibold text-slate-900">
        Você ainda não faz parte de uma empresa
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Por enquanto você vê apenas os laudos enviados ao seu e-mail. Para ver os laudos da sua empresa, peça
        para fazer parte dela: um administrador confirma o vínculo.
      </p>
      <div className="mt-4">
        {pedido ? <PedidoEnviado pedido={pedido} /> : <PedidoForm onEnviado={onEnviado} />}
      </div>
    </section>
  );
}

function PedidoEnviado({ pedido }: { pedido: PedidoPendente }) {
  const empresa = [pedido.nome, pedido.cnpj ? `CNPJ ${formatarCnpj(pedido.cnpj)}` : null]
    .filter(Boolean)
    .join(', ');
  return (
    <FormAlert tone="info">
      Pedido enviado: aguardando aprovação do administrador
      {empresa ? (
        <>
          {' '}
          (<span className="break-words">{empresa}</span>)
        </>
      ) : null}
      .
    </FormAlert>
  );
}

function PedidoForm({ onEnviado }: { onEnviado: () => unknown }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { showToast } = useToast();
  const pedir = usePedirEmpresa();
  const [nome, setNome] = useState('');
  const [cnpj, setCnpj] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pedido = {
      ...(nome.trim() ? { nome: nome.trim() } : {}),
      ...(cnpj.trim() ? { cnpj: cnpj.trim() } : {}),
    };
    const found: FieldErrors<Field> =
      Object.keys(pedido).length === 0
        ? { nome: 'Informe o nome ou o CNPJ da empresa.' }
        : errorsFromSchema<Field>(pedirEmpresaEntrada, pedido);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    pedir.mutate(pedido, {
      onSuccess: () => {
        showToast({ type: 'success', title: 'Pedido enviado ao administrador.' });
        onEnviado();
      },
      onError: (error) => {
        const campos = errorsFromRequest<Field>(error);
        if (Object.keys(campos).length > 0) {
          setErrors(campos);
          focusFirstError(formRef.current, campos);
        }
      },
    });
  }

  const recusa =
    pedir.error && Object.keys(errorsFromRequest(pedir.error)).length === 0
      ? errorMessage(pedir.error)
      : null;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {recusa ? <FormAlert>{recusa}</FormAlert> : null}
      <p className="text-sm text-slate-700">Informe o nome da empresa, o CNPJ ou os dois.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Nome da empresa"
          name="nome"
          autoComplete="organization"
          value={nome}
          onChange={(event) => setNome(event.target.value)}
          error={errors.nome}
        />
        <TextField
          label="CNPJ"
          name="cnpj"
          hint="Com ou sem pontuação."
          inputMode="numeric"
          autoComplete="off"
          value={cnpj}
          onChange={(event) => setCnpj(event.target.value)}
          error={errors.cnpj}
        />
      </div>
      <button type="submit" disabled={pedir.isPending || pedir.isSuccess} className={buttonClass('primary')}>
        {pedir.isPending ? 'Enviando...' : 'Pedir para entrar'}
      </button>
    </form>
  );
}
