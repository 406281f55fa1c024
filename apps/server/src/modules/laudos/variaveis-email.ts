import { daysBetween, formatDateBR } from '@laudos/domain';

/** What an e-mail about a laudo needs to know of it. */
export interface LaudoDoEmail {
  id: string;
  nome: string;
  codigo: string;
  tipo: string;
  cliente: string;
  /** 'YYYY-MM-DD' or null. */
  dataVencimento: string | null;
}

/** The template variables of a laudo (email-templates.ts' laudo variables). */
export type VariaveisDoLaudo = {
  laudo_nome: string;
  laudo_codigo: string;
  laudo_tipo: string;
  /** DD/MM/AAAA, or '' without a date. */
  laudo_vencimento: string;
  laudo_url: string;
  cliente_empresa: string;
  cliente_nome: string;
  /** Days until the due date (negative once past), or '' without a date. */
  dias_para_vencer: number | '';
  /** Days past the due date, 0 before it or without a date. */
  dias_vencido: number;
};

/**
 * The variables of every e-mail about one laudo: the "Novo Laudo Criado" notice and the expiry
 * reminders. Pure: `hoje` is the calendar day in the firm's time zone, `publicUrl` the app's
 * address (config.publicUrl), `clienteNome` the addressee's name when known.
 */
export function variaveisDoLaudo(
  laudo: LaudoDoEmail,
  { hoje, publicUrl, clienteNome }: { hoje: string; publicUrl: string; clienteNome?: string | null },
): VariaveisDoLaudo {
  const dias = laudo.dataVencimento ? daysBetween(hoje, laudo.dataVencimento) : null;
  return {
    laudo_nome: laudo.nome,
    laudo_codigo: laudo.codigo,
    laudo_tipo: laudo.tipo,
    laudo_vencimento: formatDateBR(laudo.dataVencimento),
    laudo_url: `${publicUrl}/laudos/${laudo.id}`,
    cliente_empresa: laudo.cliente,
    cliente_nome: clienteNome ?? '',
    dias_para_vencer: dias ?? '',
    dias_vencido: dias === null ? 0 : Math.max(0, -dias),
  };
}
