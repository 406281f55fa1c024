import {
  CANAIS_DE_MENSAGEM,
  type CanalDeMensagem,
  DESCRICOES_DOS_TIPOS,
  ROTULOS_DOS_TIPOS,
  TIPOS_DE_MENSAGEM,
  type TipoDeMensagem,
} from '@laudos/domain';
import { SkeletonText } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/validation';
import { type Preferencias, usePreferencias, useSalvarPreferencias } from '../api/preferencias';

const ROTULOS_DOS_CANAIS: Record<CanalDeMensagem, string> = { email: 'E-mail', whatsapp: 'WhatsApp' };

/** Why the WhatsApp column is off, or null when it can be used. */
function motivoSemWhatsapp(whatsapp: Preferencias['whatsapp']): string | null {
  if (!whatsapp.noPlano) return 'O plano da sua empresa não inclui alertas por WhatsApp.';
  if (!whatsapp.optIn) return 'Configure o WhatsApp para receber mensagens por lá.';
  return null;
}

/**
 * The grid of kinds × channels: each switch saves at once. On a phone each kind is a card with its
 * two switches; from `sm` up, a row with a column per channel.
 */
export function GradeDePreferencias() {
  const preferencias = usePreferencias();
  const salvar = useSalvarPreferencias();
  const { showToast } = useToast();

  if (preferencias.isPending) return <SkeletonText lines={4} label="Carregando as preferências..." />;
  if (preferencias.isError)
    return <ErrorNotice error={preferencias.error} onRetry={() => void preferencias.refetch()} />;
  const grade = preferencias.data;
  const semWhatsapp = motivoSemWhatsapp(grade.whatsapp);
  const ativo = (tipo: TipoDeMensagem, canal: CanalDeMensagem) =>
    grade.itens.find((i) => i.tipo === tipo && i.canal === canal)?.ativo ?? true;

  function alternar(tipo: TipoDeMensagem, canal: CanalDeMensagem) {
    const novo = !ativo(tipo, canal);
    salvar.mutate([{ tipo, canal, ativo: novo }], {
      onSuccess: () =>
        showToast({
          type: 'success',
          title: 'Preferências salvas',
          message: `${ROTULOS_DOS_TIPOS[tipo]} por ${ROTULOS_DOS_CANAIS[canal]}: ${novo ? 'ativado' : 'desativado'}.`,
        }),
      onError: (error) =>
        showToast({ type: 'error', title: 'Não foi possível salvar', message: errorMessage(error) }),
    });
  }

  return (
    <div className="space-y-4">
      {semWhatsapp ? (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          WhatsApp indisponível: {semWhatsapp}
        </p>
      ) : null}
      <div
        aria-hidden="true"
        className="hidden px-4 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:grid sm:grid-cols-[1fr_8rem_8rem] sm:gap-4"
      >
        <span>Tipo de mensagem</span>
        <span>E-mail</span>
        <span>WhatsApp</span>
      </div>
      <ul className="space-y-3">
        {TIPOS_DE_MENSAGEM.map((tipo) => {
          const obrigatorio = grade.obrigatorios.includes(tipo);
          return (
            <li
              key={tipo}
              className="rounded-lg border border-slate-200 bg-white p-4 sm:grid sm:grid-cols-[1fr_8rem_8rem] sm:items-center sm:gap-4"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{ROTULOS_DOS_TIPOS[tipo]}</p>
                <p className="text-sm text-slate-600">{DESCRICOES_DOS_TIPOS[tipo]}</p>
                {obrigatorio ? (
                  <p className="mt-1 text-sm font-medium text-amber-800">
                    Obrigatório: a empresa de inspeção envia este aviso a todos.
                  </p>
                ) : null}
              </div>
              {CANAIS_DE_MENSAGEM.map((canal) => {
                const bloqueadoPeloCanal = canal === 'whatsapp' && semWhatsapp !== null;
                return (
                  <div key={canal} className="mt-3 sm:mt-0">
                    <Switch
                      checked={obrigatorio ? true : ativo(tipo, canal)}
                      disabled={obrigatorio || bloqueadoPeloCanal || salvar.isPending}
                      onToggle={() => alternar(tipo, canal)}
                      label={ROTULOS_DOS_CANAIS[canal]}
                      detail={ROTULOS_DOS_TIPOS[tipo]}
                    />
                  </div>
                );
              })}
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-slate-600">
        E-mails de conta (confirmação, redefinição de senha, convites) e o aviso de novo laudo são sempre
        enviados.
      </p>
    </div>
  );
}
