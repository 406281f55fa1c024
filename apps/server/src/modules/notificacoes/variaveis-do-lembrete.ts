import { daysBetween, formatDateBR } from '@laudos/domain';

/**
 * The template variables of a reminder about one laudo on `hoje`: the laudo's fields and the real
 * number of days (spec section 9: "vencido há 65 dias" on the 60-day notice). The one place they
 * are built, for the e-mail that is queued and for the dry run's subject alike.
 */
export function variaveisDoLembrete(
  laudo: {
    id: string;
    nome: string;
    codigo: string;
    tipo: string;
    cliente: string;
    dataVencimento: string;
    usuarioNome: string | null;
  },
  hoje: string,
  publicUrl: string,
): Record<string, unknown> {
  const dias = daysBetween(hoje, laudo.dataVencimento);
  return {
    laudo_nome: laudo.nome,
    laudo_codigo: laudo.codigo,
    laudo_tipo: laudo.tipo,
    laudo_vencimento: formatDateBR(laudo.dataVencimento),
    laudo_url: `${publicUrl}/laudos/${laudo.id}`,
    cliente_empresa: laudo.cliente,
    cliente_nome: laudo.usuarioNome ?? '',
    dias_para_vencer: dias,
    dias_vencido: Math.max(0, -dias),
  };
}
