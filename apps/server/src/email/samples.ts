import type { EmailTemplateType } from '@laudos/domain';

/**
 * Realistic sample data for each template type: used by `email:test`, by the admin's live preview
 * and by the tests that render every template.
 */
export function sampleVariables(type: EmailTemplateType, publicUrl: string): Record<string, unknown> {
  const laudo = {
    laudo_nome: 'Caldeira 01',
    laudo_codigo: 'NR13-2026-001',
    laudo_tipo: 'NR-13',
    laudo_vencimento: '15/12/2026',
    laudo_url: `${publicUrl}/vencimentos`,
    cliente_empresa: 'Metalúrgica Exemplo Ltda.',
    cliente_nome: 'Mariana Souza',
    dias_para_vencer: 30,
    dias_vencido: 0,
  };
  if (type === 'laudo_criado') return laudo;
  if (type.startsWith('vencimento_')) {
    const days = Number(type.split('_')[1]);
    return { ...laudo, dias_para_vencer: days };
  }
  if (type.startsWith('vencido_')) {
    const days = Number(type.split('_')[1]);
    return { ...laudo, dias_para_vencer: -days, dias_vencido: days };
  }
  switch (type) {
    case 'boas_vindas':
    case 'senha_temporaria':
      return {
        usuario_nome: 'Mariana Souza',
        usuario_email: 'mariana@exemplo.com.br',
        senha_temporaria: 'Exemplo7Senha3Tmp',
        senha_expira_em: '28/11/2026',
        cliente_empresa: 'Metalúrgica Exemplo Ltda.',
        link_login: `${publicUrl}/login`,
      };
    case 'redefinir_senha':
      return {
        usuario_nome: 'Mariana Souza',
        usuario_email: 'mariana@exemplo.com.br',
        link_reset: `${publicUrl}/reset-password?token=exemplo`,
        validade_link: '1 hora',
      };
    case 'confirmar_email':
      return {
        usuario_nome: 'Mariana Souza',
        usuario_email: 'mariana@exemplo.com.br',
        link_confirmacao: `${publicUrl}/confirmar-email?token=exemplo`,
        validade_link: '24 horas',
      };
    case 'cadastro_existente':
      return {
        usuario_nome: 'Mariana Souza',
        usuario_email: 'mariana@exemplo.com.br',
        data_tentativa: '21/11/2026 às 09:30',
        link_redefinir: `${publicUrl}/forgot-password`,
      };
    case 'senha_alterada':
      return {
        usuario_nome: 'Mariana Souza',
        usuario_email: 'mariana@exemplo.com.br',
        data_alteracao: '21/11/2026 às 09:30',
      };
    case 'relatorio_mensal':
      return {
        usuario_nome: 'Mariana Souza',
        cliente_empresa: 'Metalúrgica Exemplo Ltda.',
        mes_referencia: 'outubro de 2026',
        relatorio_pdf: true,
        total_laudos: 12,
        total_ativos: 9,
        total_vencendo: 2,
        total_vencidos: 1,
        laudos_vencendo: [
          { nome: 'Caldeira 01', codigo: 'NR13-2026-001', tipo: 'NR-13', vencimento: '15/12/2026', dias: 24 },
          { nome: 'Prensa 04', codigo: 'NR12-2026-014', tipo: 'NR-12', vencimento: '02/12/2026', dias: 11 },
        ],
        laudos_vencidos: [
          {
            nome: 'Elevador social',
            codigo: 'ELV-2025-007',
            tipo: 'Elevadores',
            vencimento: '10/11/2026',
            dias: 11,
          },
        ],
      };
    case 'convite_equipe':
      return {
        cliente_empresa: 'Metalúrgica Exemplo Ltda.',
        convidado_nome: 'Rafael Costa',
        convidado_email: 'rafael@exemplo.com.br',
        convidante_nome: 'Mariana Souza',
        papel: 'membro',
        link_convite: `${publicUrl}/convite/exemplo`,
        validade_link: '7 dias',
      };
    case 'suporte_para_firma':
      return {
        cliente_empresa: 'Metalúrgica Exemplo Ltda.',
        cliente_nome: 'Mariana Souza',
        chamado_assunto: 'Dúvida sobre o laudo da caldeira',
        chamado_mensagem:
          'Bom dia!\nO laudo da Caldeira 01 vence em dezembro: vocês já podem agendar a inspeção?',
        chamado_novo: true,
        chamado_prioritario: true,
        chamado_laudo: 'Caldeira 01 (NR13-2026-001)',
        chamado_url: `${publicUrl}/admin/suporte/exemplo`,
      };
    case 'suporte_resposta':
      return {
        usuario_nome: 'Mariana Souza',
        chamado_assunto: 'Dúvida sobre o laudo da caldeira',
        chamado_mensagem: 'Olá, Mariana!\nPodemos agendar para o dia 10/12, às 9h. Confirma?',
        chamado_url: `${publicUrl}/suporte/exemplo`,
      };
    case 'renovacao_solicitada':
      return {
        ...laudo,
        solicitante: 'Mariana Souza (mariana@exemplo.com.br)',
        periodo: 'Primeira quinzena de dezembro',
        contato: '(11) 98888-7777',
        observacao: 'Preferimos a visita pela manhã.',
      };
    case 'renovacao_atualizada':
      return {
        cliente_nome: 'Mariana Souza',
        laudo_nome: laudo.laudo_nome,
        laudo_codigo: laudo.laudo_codigo,
        laudo_vencimento: laudo.laudo_vencimento,
        estagio: 'Agendado',
        agendado_para: '10/12/2026',
        engenheiro: 'Eng. Carlos Lima',
        orcamento: '',
        nota: '',
        renovacoes_url: `${publicUrl}/renovacoes`,
      };
    case 'resumo_lembretes': {
      const item = (nome: string, codigo: string, tipo: string, vencimento: string, situacao: string) => ({
        nome,
        codigo,
        tipo,
        vencimento,
        situacao,
        dias: 0,
        url: `${publicUrl}/laudos/exemplo`,
        link_solicitar: `${publicUrl}/lembrete/exemplo`,
        link_ciente: `${publicUrl}/lembrete/exemplo`,
      });
      return {
        cliente_nome: 'Mariana Souza',
        total_laudos: 3,
        mais_urgente: 'venceu há 5 dias',
        laudos_vencidos: [
          item('Elevador social', 'ELV-2025-007', 'Elevadores', '10/11/2026', 'venceu há 5 dias'),
        ],
        laudos_7_dias: [item('Caldeira 01', 'NR13-2026-001', 'NR-13', '18/11/2026', 'vence em 3 dias')],
        laudos_30_dias: [],
        laudos_depois: [item('Prensa 04', 'NR12-2026-014', 'NR-12', '14/02/2027', 'vence em 90 dias')],
      };
    }
    case 'escalonamento':
      return {
        ...laudo,
        cliente_nome: 'Rafael Costa',
        laudo_vencimento: '08/11/2026',
        dias_para_vencer: -7,
        dias_vencido: 7,
        dias_sem_resposta: 7,
        primeiro_aviso: '08/11/2026',
      };
    default:
      return {};
  }
}
