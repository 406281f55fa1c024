/** The audit log's words as the screens show them (pt-BR). */
export const ROTULO_DA_ACAO: Record<string, string> = {
  criou: 'Criou',
  alterou: 'Alterou',
  excluiu: 'Excluiu',
  enviou_arquivo: 'Enviou arquivo',
  substituiu_arquivo: 'Substituiu arquivo',
  removeu_arquivo: 'Removeu arquivo',
  emitiu_versao: 'Emitiu nova versão',
  entrou: 'Entrou',
  falhou_entrada: 'Falha ao entrar',
  saiu: 'Saiu',
  revogou: 'Revogou',
  reenviou: 'Reenviou',
  cancelou: 'Cancelou',
  aceitou: 'Aceitou',
  alterou_senha: 'Alterou a senha',
  redefiniu_senha: 'Redefiniu a senha',
  limpou: 'Limpeza por retenção',
  restaurou: 'Restaurou o padrão',
  aprovou: 'Aprovou',
  recusou: 'Recusou',
  anotou: 'Anotou',
};

export const ROTULO_DA_ENTIDADE: Record<string, string> = {
  laudo: 'Laudo',
  arquivo: 'Arquivo',
  versao: 'Versão',
  usuario: 'Usuário',
  empresa: 'Empresa',
  chave_api: 'Chave de API',
  convite: 'Convite',
  plano: 'Plano',
  renovacao: 'Renovação',
  resposta: 'Resposta a lembrete',
  template: 'Modelo de e-mail',
  regra: 'Regra de notificação',
  pedido_empresa: 'Pedido de entrada em empresa',
  sessao: 'Sessão',
  configuracoes: 'Configurações',
  tipo_laudo: 'Tipo de laudo',
  auditoria: 'Auditoria',
};

export const ROTULO_DO_CAMPO: Record<string, string> = {
  nome: 'Nome',
  codigo: 'Código',
  tipo: 'Tipo',
  cliente: 'Cliente',
  empresaId: 'Empresa',
  emailCliente: 'E-mail do cliente',
  observacoes: 'Observações',
  dataVencimento: 'Vencimento',
  status: 'Situação',
  versao: 'Versão',
  email: 'E-mail',
  papel: 'Papel',
  ativo: 'Ativo',
  telefone: 'Telefone',
  planoId: 'Plano',
  doisFatores: 'Verificação em duas etapas',
  nomeFantasia: 'Nome fantasia',
  razaoSocial: 'Razão social',
  cnpj: 'CNPJ',
  endereco: 'Endereço',
  emailContato: 'E-mail de contato',
  receberLembretes: 'Recebe lembretes',
  estagio: 'Etapa',
  preco: 'Preço',
  maxLaudos: 'Máximo de laudos',
  maxUsuarios: 'Máximo de usuários',
  periodo: 'Período preferido',
  contato: 'Contato',
  observacao: 'Observação',
  subject: 'Assunto',
  htmlContent: 'Corpo (HTML)',
  textContent: 'Corpo (texto)',
  active: 'Ativo',
  name: 'Nome',
  enabled: 'Ativa',
  daysBefore: 'Dias antes',
  daysAfter: 'Dias depois',
  templateType: 'Modelo',
  runTime: 'Horário',
  frequency: 'Frequência',
  weekday: 'Dia da semana',
  pararAposResposta: 'Parar após resposta',
  tipos: 'Tipos de laudo',
  resumo: 'Um e-mail por destinatário',
  escalarAposDias: 'Escalar após (dias)',
  descricao: 'Descrição',
  ordem: 'Ordem',
  periodoMeses: 'Período padrão (meses)',
  exame: 'Exame vinculado',
};

export const ROTULO_DO_ATOR: Record<string, string> = {
  usuario: 'Usuário',
  chave_api: 'Chave de API',
  sistema: 'Sistema',
};

const DIA = /^\d{4}-\d{2}-\d{2}$/;

/** A field's value as a person reads it: dates dd/mm/aaaa, yes/no, "vazio". */
export function valorLegivel(v: unknown): string {
  if (v === null || v === undefined || v === '') return 'vazio';
  if (typeof v === 'boolean') return v ? 'sim' : 'não';
  if (typeof v === 'string' && DIA.test(v)) return v.split('-').reverse().join('/');
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export const rotulo = (tabela: Record<string, string>, chave: string) => tabela[chave] ?? chave;
