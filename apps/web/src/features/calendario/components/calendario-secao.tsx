import { useEffect, useRef, useState } from 'react';
import { SkeletonText } from '../../../components/loading';
import { useCopiar, useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { CampoParaCopiar } from '../../../components/ui/campo-para-copiar';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/validation';
import { useCalendario, useCriarCalendario, useRevogarCalendario } from '../api/calendario';

/** Where the section is on /conta: /vencimentos links here (`calendarioNaContaHref`). */
const CALENDARIO_ANCORA = 'adicionar-ao-calendario';

/**
 * "Adicionar ao calendário" (issue 20): the person's private iCal link, with the due dates of the
 * laudos they see as all-day events (alarms 30, 7 and 1 day before). Created on request, shown
 * once to copy, replaced ("Gerar novo link") or revoked; with the steps for Google Calendar and
 * Outlook.
 */
export function CalendarioSecao() {
  const ref = useRef<HTMLElement>(null);
  // Arriving from /vencimentos ("Adicionar ao calendário"): the section is at the page's end.
  useEffect(() => {
    if (window.location.hash === `#${CALENDARIO_ANCORA}`) ref.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <section
      ref={ref}
      id={CALENDARIO_ANCORA}
      aria-labelledby="calendario-titulo"
      className="min-w-0 scroll-mt-20 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="calendario-titulo" className="text-xl font-semibold text-slate-900">
        Adicionar ao calendário
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Veja os vencimentos dos seus laudos no Google Agenda, no Outlook ou no calendário do celular: um
        evento de dia inteiro por vencimento, com alertas 30, 7 e 1 dia antes. O calendário se atualiza
        sozinho quando um laudo muda ou é renovado.
      </p>
      <div className="mt-4">
        <Calendario />
      </div>
    </section>
  );
}

function Calendario() {
  const estado = useCalendario();
  const criar = useCriarCalendario();
  const revogar = useRevogarCalendario();
  const { showToast } = useToast();
  const [confirmando, setConfirmando] = useState<'novo' | 'revogar' | null>(null);

  if (estado.isPending) return <SkeletonText lines={2} label="Carregando o calendário..." />;
  if (estado.isError) return <ErrorNotice error={estado.error} onRetry={() => void estado.refetch()} />;
  const link = criar.data?.url;
  const ativo = estado.data.ativo;

  function gerar() {
    revogar.reset();
    criar.mutate(undefined, { onSuccess: () => setConfirmando(null) });
  }

  return (
    <div className="space-y-4">
      {criar.error && confirmando === null ? <FormAlert>{errorMessage(criar.error)}</FormAlert> : null}
      {link ? (
        <LinkCriado url={link} />
      ) : ativo && estado.data.criadoEm ? (
        <p className="text-sm text-slate-700">
          Seu link está ativo desde {formatDateTime(estado.data.criadoEm)}. Por segurança, ele só aparece
          quando é criado: se não o tiver mais, gere um novo.
        </p>
      ) : (
        <p className="text-sm text-slate-700">Você ainda não tem um link de calendário.</p>
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {ativo ? (
          <>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => {
                criar.reset();
                setConfirmando('novo');
              }}
            >
              Gerar novo link
            </button>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => {
                revogar.reset();
                setConfirmando('revogar');
              }}
            >
              Revogar link
            </button>
          </>
        ) : (
          <button type="button" className={buttonClass('primary')} disabled={criar.isPending} onClick={gerar}>
            {criar.isPending ? 'Criando...' : 'Criar link do calendário'}
          </button>
        )}
      </div>

      <Instrucoes />

      <ConfirmDialog
        open={confirmando === 'novo'}
        title="Gerar um novo link?"
        confirmLabel="Gerar novo link"
        pending={criar.isPending}
        error={criar.error ? errorMessage(criar.error) : null}
        onClose={() => setConfirmando(null)}
        onConfirm={gerar}
      >
        <p>
          O link atual para de funcionar na hora: os calendários que o assinaram deixam de receber os
          vencimentos até você adicionar o novo link.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmando === 'revogar'}
        title="Revogar o link do calendário?"
        confirmLabel="Revogar link"
        pending={revogar.isPending}
        error={revogar.error ? errorMessage(revogar.error) : null}
        onClose={() => setConfirmando(null)}
        onConfirm={() =>
          revogar.mutate(undefined, {
            onSuccess: () => {
              criar.reset();
              setConfirmando(null);
              showToast({ type: 'success', title: 'Link do calendário revogado.' });
            },
          })
        }
      >
        <p>
          O link para de funcionar na hora e os calendários que o assinaram deixam de receber os vencimentos.
          Você pode criar outro quando quiser.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** The link just created: shown this one time, with a copy button. */
function LinkCriado({ url }: { url: string }) {
  const copiar = useCopiar();
  return (
    <div className="space-y-3">
      <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
        <strong>Copie o link agora: ele só aparece desta vez.</strong> O link é privado: quem o tiver vê os
        vencimentos dos seus laudos, sem senha. Não o compartilhe; se ele vazar, gere um novo.
      </p>
      <label className="block text-sm font-medium text-slate-900" htmlFor="calendario-link">
        Link do calendário
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <CampoParaCopiar id="calendario-link" value={url} />
        <button
          type="button"
          className={buttonClass('primary')}
          onClick={() => void copiar(url, 'Link copiado', 'o link')}
        >
          Copiar link
        </button>
      </div>
    </div>
  );
}

function Instrucoes() {
  return (
    <div className="grid gap-4 text-sm text-slate-700 sm:grid-cols-2">
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">Google Agenda</h3>
        <ol className="mt-1 list-decimal space-y-1 pl-5">
          <li>No computador, abra o Google Agenda.</li>
          <li>
            Em <strong>Outras agendas</strong>, clique em <strong>+</strong> e depois em{' '}
            <strong>Do URL</strong>.
          </li>
          <li>
            Cole o link e clique em <strong>Adicionar agenda</strong>.
          </li>
        </ol>
      </div>
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">Outlook</h3>
        <ol className="mt-1 list-decimal space-y-1 pl-5">
          <li>No Outlook, abra o Calendário.</li>
          <li>
            Clique em <strong>Adicionar calendário</strong> e escolha <strong>Assinar da Web</strong>.
          </li>
          <li>
            Cole o link, dê um nome e clique em <strong>Importar</strong>.
          </li>
        </ol>
      </div>
      <p className="text-slate-600 sm:col-span-2">
        Os aplicativos buscam o calendário de tempos em tempos (o Google pode levar até um dia): uma mudança
        no laudo aparece lá na próxima atualização. O link é privado e pessoal: mostra os laudos que você vê
        aqui.
      </p>
    </div>
  );
}
