import type { NovoAviso } from './service.ts';

/*
 * The words of each event's notice, in one place (pt-BR, as the user reads them in the bell).
 * Links are app paths: the client's laudo page, the support thread of each side.
 */

type Laudo = { id: string; nome: string; codigo: string };

const laudoLink = (id: string) => `/laudos/${encodeURIComponent(id)}`;
const doLaudo = (l: Laudo) => `${l.nome} (${l.codigo})`;

/** A laudo was created for the person's company (by the firm, an API key or a colleague). */
export function avisoDeLaudoNovo(laudo: Laudo): NovoAviso {
  return { tipo: 'laudo_novo', titulo: 'Novo laudo', texto: doLaudo(laudo), link: laudoLink(laudo.id) };
}

/** The company's renewal request of the laudo moved to another stage of the firm's pipeline. */
export function avisoDeEstagio(laudo: Omit<Laudo, 'id'>, estagio: string): NovoAviso {
  return {
    tipo: 'renovacao_estagio',
    titulo: `Pedido de renovação: ${estagio}`,
    texto: doLaudo({ id: '', ...laudo }),
    link: '/renovacoes',
  };
}

/** The laudo was renewed: its version `versao` is now the current one (new code, date, files). */
export function avisoDeNovaVersao(laudo: Laudo, versao: number): NovoAviso {
  return {
    tipo: 'laudo_versao',
    titulo: `Nova versão do laudo (versão ${versao})`,
    texto: doLaudo(laudo),
    link: laudoLink(laudo.id),
  };
}

/** A reminder of the laudo's due date was e-mailed to the person. */
export function avisoDeLembrete(
  laudo: Laudo,
  marco: { tipo: 'vencendo' | 'vencido'; dias: number },
): NovoAviso {
  const quando =
    marco.dias === 0
      ? 'vence hoje'
      : marco.tipo === 'vencendo'
        ? `vence em ${marco.dias} ${marco.dias === 1 ? 'dia' : 'dias'}`
        : `venceu há ${marco.dias} ${marco.dias === 1 ? 'dia' : 'dias'}`;
  return {
    tipo: 'lembrete_enviado',
    titulo: 'Lembrete de vencimento enviado',
    texto: `${doLaudo(laudo)} ${quando}.`,
    link: laudoLink(laudo.id),
  };
}

/** A digest of `laudos` due laudos was e-mailed to the person (a rule with one e-mail per recipient). */
export function avisoDeResumo(laudos: number): NovoAviso {
  return {
    tipo: 'lembrete_enviado',
    titulo: 'Resumo de vencimentos enviado',
    texto: laudos === 1 ? '1 laudo precisa de atenção.' : `${laudos} laudos precisam de atenção.`,
    link: '/vencimentos',
  };
}

/** The firm replied to the person's support request. */
export function avisoDeRespostaDoSuporte(chamado: { id: string; assunto: string }): NovoAviso {
  return {
    tipo: 'suporte_resposta',
    titulo: 'O suporte respondeu',
    texto: chamado.assunto,
    link: `/suporte/${encodeURIComponent(chamado.id)}`,
  };
}

/** A client opened a support request or wrote in one (to the firm's admins). */
export function avisoDeMensagemAoSuporte(
  chamado: { id: string; assunto: string; empresa: string },
  novo: boolean,
): NovoAviso {
  return {
    tipo: 'suporte_mensagem',
    titulo: novo ? 'Novo chamado de suporte' : 'Nova mensagem no suporte',
    texto: `${chamado.empresa}: ${chamado.assunto}`,
    link: `/admin/suporte/${encodeURIComponent(chamado.id)}`,
  };
}
