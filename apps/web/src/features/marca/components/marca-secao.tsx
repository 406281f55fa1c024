import { salvarMarcaEntrada } from '@laudos/domain/api';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { ForaDoPlano } from '../../../components/fora-do-plano';
import { SkeletonText } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorMessage } from '../../../lib/validation';
import {
  type DonoDaMarca,
  erroDoLogo,
  LOGO_ACEITA,
  LOGO_TAMANHO_MAXIMO_MB,
  type MarcaDaEmpresa,
  useEnviarLogo,
  useMarca,
  useRemoverLogo,
  useSalvarCor,
} from '../api/marca';

/**
 * "Marca da empresa" (issue 18, `customBranding`; decision 026): the company's logo and colour, shown
 * on its "Relatório de situação" and on the e-mails it gets, beside the firm's brand. The gestor (or
 * an admin, on the company's page) changes them; a membro sees them. Without the feature: what it
 * does and the plans that have it.
 */
export function MarcaSecao({
  dono,
  incluido,
  podeAlterar,
}: {
  dono: DonoDaMarca;
  incluido: boolean;
  podeAlterar: boolean;
}) {
  const admin = dono.tipo === 'admin';
  return (
    <section
      aria-labelledby="marca-titulo"
      className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="marca-titulo" className="text-xl font-semibold text-slate-900">
        Marca da empresa
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        O logo e a cor {admin ? 'da empresa' : 'da sua empresa'} aparecem no Relatório de situação em PDF e
        nos e-mails de lembrete e relatório mensal enviados a ela, ao lado da nossa marca.
      </p>
      <div className="mt-4">
        {incluido || admin ? (
          <div className="space-y-4">
            {!incluido ? (
              <FormAlert tone="info">
                O plano desta empresa não inclui marca personalizada: o que for salvo aqui só aparece nos
                relatórios e e-mails quando o plano incluir.
              </FormAlert>
            ) : null}
            <MarcaIncluida dono={dono} podeAlterar={podeAlterar} />
          </div>
        ) : (
          <ForaDoPlano recurso="customBranding" />
        )}
      </div>
    </section>
  );
}

function MarcaIncluida({ dono, podeAlterar }: { dono: DonoDaMarca; podeAlterar: boolean }) {
  const marca = useMarca(dono);
  if (marca.isPending) return <SkeletonText lines={3} label="Carregando a marca da empresa..." />;
  if (marca.isError) return <ErrorNotice error={marca.error} onRetry={() => void marca.refetch()} />;
  return (
    <div className="grid min-w-0 gap-6 md:grid-cols-2">
      <Logo dono={dono} marca={marca.data} podeAlterar={podeAlterar} />
      <Cor dono={dono} marca={marca.data} podeAlterar={podeAlterar} />
    </div>
  );
}

function Logo({
  dono,
  marca,
  podeAlterar,
}: {
  dono: DonoDaMarca;
  marca: MarcaDaEmpresa;
  podeAlterar: boolean;
}) {
  const enviar = useEnviarLogo(dono);
  const remover = useRemoverLogo(dono);
  const { showToast } = useToast();
  const [erro, setErro] = useState<string | null>(null);
  const inputId = useId();

  function escolher(event: ChangeEvent<HTMLInputElement>) {
    const arquivo = event.target.files?.[0];
    event.target.value = '';
    if (!arquivo) return;
    const invalido = erroDoLogo(arquivo);
    setErro(invalido ?? null);
    if (invalido) return;
    enviar.mutate(arquivo, {
      onSuccess: () => showToast({ type: 'success', title: 'Logo salvo.' }),
      onError: (e) => setErro(errorMessage(e)),
    });
  }

  return (
    <div className="min-w-0 space-y-3">
      <h3 className="font-medium text-slate-900">Logo</h3>
      <div className="flex h-28 items-center justify-center rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
        {marca.logoUrl ? (
          <img
            src={marca.logoUrl}
            alt="Logo atual da empresa"
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          <span className="text-sm text-slate-600">Nenhum logo enviado.</span>
        )}
      </div>
      {podeAlterar ? (
        <>
          <p className="text-sm text-slate-600">
            PNG, JPEG, WebP ou SVG até {LOGO_TAMANHO_MAXIMO_MB} MB. A imagem é convertida para PNG (no máximo
            600 × 200 px).
          </p>
          {erro ? <FormAlert>{erro}</FormAlert> : null}
          <div className="flex flex-wrap gap-2">
            <input
              id={inputId}
              type="file"
              accept={LOGO_ACEITA}
              className="peer sr-only"
              disabled={enviar.isPending}
              onChange={escolher}
            />
            <label
              htmlFor={inputId}
              className={`${buttonClass('secondary')} cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2`}
            >
              {enviar.isPending ? 'Enviando...' : marca.logoUrl ? 'Trocar logo' : 'Enviar logo'}
            </label>
            {marca.logoUrl ? (
              <button
                type="button"
                className={buttonClass('secondary')}
                disabled={remover.isPending}
                onClick={() =>
                  remover.mutate(undefined, {
                    onSuccess: () => showToast({ type: 'success', title: 'Logo removido.' }),
                    onError: (e) => setErro(errorMessage(e)),
                  })
                }
              >
                Remover logo
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}

function Cor({
  dono,
  marca,
  podeAlterar,
}: {
  dono: DonoDaMarca;
  marca: MarcaDaEmpresa;
  podeAlterar: boolean;
}) {
  const salvar = useSalvarCor(dono);
  const { showToast } = useToast();
  const [cor, setCor] = useState(marca.cor ?? '');
  const [erro, setErro] = useState<string | undefined>();
  useEffect(() => setCor(marca.cor ?? ''), [marca.cor]);

  function enviar(event: FormEvent) {
    event.preventDefault();
    const valor = cor.trim() === '' ? null : cor;
    const lido = salvarMarcaEntrada.safeParse({ cor: valor });
    if (!lido.success) {
      setErro(lido.error.issues[0]?.message);
      return;
    }
    setErro(undefined);
    salvar.mutate(lido.data.cor, {
      onSuccess: () => showToast({ type: 'success', title: lido.data.cor ? 'Cor salva.' : 'Cor removida.' }),
      onError: (e) => setErro(errorMessage(e)),
    });
  }

  const amostra = /^#[0-9a-fA-F]{6}$/.test(cor) ? cor : '#ffffff';
  return (
    <div className="min-w-0 space-y-3">
      <h3 className="font-medium text-slate-900">Cor</h3>
      {podeAlterar ? (
        <form noValidate onSubmit={enviar} className="space-y-3">
          <div className="flex items-start gap-3">
            <input
              type="color"
              aria-label="Escolher a cor no seletor"
              value={amostra}
              onChange={(e) => setCor(e.target.value)}
              className="mt-6 h-11 w-14 shrink-0 cursor-pointer rounded border border-slate-300 bg-white"
            />
            <TextField
              label="Cor da empresa"
              hint="No formato #rrggbb. Deixe em branco para não usar cor."
              value={cor}
              error={erro}
              maxLength={7}
              onChange={(e) => setCor(e.target.value)}
              className="min-w-0 flex-1"
            />
          </div>
          <button type="submit" className={buttonClass('primary')} disabled={salvar.isPending}>
            {salvar.isPending ? 'Salvando...' : 'Salvar cor'}
          </button>
        </form>
      ) : (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          {marca.cor ? (
            <>
              <span
                aria-hidden="true"
                className="inline-block size-5 rounded ring-1 ring-slate-300"
                style={{ background: marca.cor }}
              />
              {marca.cor}
            </>
          ) : (
            'Nenhuma cor definida.'
          )}
        </p>
      )}
    </div>
  );
}
