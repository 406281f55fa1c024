/**
 * The one table of the product's errors: every refusal the API gives is one entry here, with its
 * stable `code` (clients may branch on it), its HTTP status and its pt-BR message. Every error
 * response is `{ "error": { "code", "message" } }` — plus `campos` (field by field) on a 400 of
 * invalid input. Code throws `erro('laudoNaoEncontrado')`; a message with a detail is a function
 * (`erro('tipoInvalido', tipo)`). Several entries may share a code when the client does not need
 * to tell them apart (every "not found" of a resource is NAO_ENCONTRADO), but each message lives
 * here only once.
 */

import { type CampoInvalido, camposDoErro } from '@laudos/domain/api';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly campos?: CampoInvalido[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

type Definicao = {
  readonly status: number;
  readonly code: string;
  readonly message: string | ((...args: never[]) => string);
};

const SENHA_FRACA = 'A senha deve ter entre 8 e 128 caracteres.';
/** The plan's laudo limit, in one wording (a refused create, an import's preview and its refusal). */
export const limiteDoPlano = (plano: string, max: number) =>
  `Limite do plano atingido: o plano ${plano} permite até ${max} laudos. Fale conosco para mudar de plano.`;
const ARQUIVO_AUSENTE = 'Envie o arquivo no campo "arquivo" (multipart/form-data).';

export const ERROS = {
  // ── Geral (qualquer rota) ──────────────────────────────────────────────────────────────────
  naoAutenticado: { status: 401, code: 'NAO_AUTENTICADO', message: 'Sessão expirada. Faça login novamente' },
  acessoNegado: { status: 403, code: 'ACESSO_NEGADO', message: (mensagem = 'Acesso negado.') => mensagem },
  origemNaoPermitida: {
    status: 403,
    code: 'ORIGEM_NAO_PERMITIDA',
    message: 'Requisição de outra origem recusada.',
  },
  enderecoDiferenteDoPublicUrl: {
    status: 403,
    code: 'ORIGEM_NAO_PERMITIDA',
    message: (configurado: string, aberto: string) =>
      `Este sistema está configurado para ser aberto em ${configurado} (PUBLIC_URL), não em ${aberto}. Abra ${configurado} no navegador ou, se ${aberto} é o endereço certo, defina PUBLIC_URL=${aberto} no servidor e reinicie-o.`,
  },
  enderecoSemPublicUrl: {
    status: 403,
    code: 'ORIGEM_NAO_PERMITIDA',
    message: (aberto: string) =>
      `Para usar o sistema em ${aberto}, defina PUBLIC_URL=${aberto} no servidor e reinicie-o (atrás de um proxy reverso, defina também TRUST_PROXY=true). Sem PUBLIC_URL, só endereços locais são aceitos: localhost, um IP ou um nome da rede local.`,
  },
  dadosInvalidos: {
    status: 400,
    code: 'DADOS_INVALIDOS',
    message: (detalhe = 'Dados inválidos.') => detalhe,
  },
  campoDesconhecido: {
    status: 400,
    code: 'DADOS_INVALIDOS',
    message: (campos: string) => `Dados inválidos: campo não reconhecido: ${campos}.`,
  },
  jsonInvalido: {
    status: 400,
    code: 'JSON_INVALIDO',
    message: 'O corpo da requisição não é um JSON válido.',
  },
  jsonVazio: { status: 400, code: 'JSON_INVALIDO', message: 'O corpo da requisição está vazio.' },
  corpoGrandeDemais: {
    status: 413,
    code: 'CORPO_GRANDE_DEMAIS',
    message: 'O corpo da requisição é grande demais.',
  },
  tipoNaoSuportado: { status: 415, code: 'TIPO_NAO_SUPORTADO', message: 'Tipo de conteúdo não suportado.' },
  tamanhoDoCorpoInvalido: {
    status: 400,
    code: 'DADOS_INVALIDOS',
    message: 'Tamanho do corpo da requisição inválido.',
  },
  requisicaoInvalida: { status: 400, code: 'REQUISICAO_INVALIDA', message: 'Requisição inválida.' },
  rotaNaoEncontrada: { status: 404, code: 'NAO_ENCONTRADO', message: 'Rota não encontrada.' },
  enderecoLongoDemais: { status: 414, code: 'ENDERECO_LONGO_DEMAIS', message: 'Endereço longo demais.' },
  enderecoInvalido: { status: 400, code: 'ENDERECO_INVALIDO', message: 'Endereço inválido.' },
  muitasTentativas: {
    status: 429,
    code: 'MUITAS_TENTATIVAS',
    message: (espera: string) => `Muitas tentativas. Aguarde ${espera} e tente novamente.`,
  },
  servicoIndisponivel: {
    status: 503,
    code: 'SERVICO_INDISPONIVEL',
    message: 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
  },
  bancoIndisponivel: {
    status: 503,
    code: 'BANCO_INDISPONIVEL',
    message: 'O banco de dados não está respondendo.',
  },
  erroInterno: {
    status: 500,
    code: 'ERRO_INTERNO',
    message: (mensagem = 'Erro interno do servidor. Tente novamente em instantes.') => mensagem,
  },

  // ── Sessão e contas (auth/, modules/conta, modules/me) ─────────────────────────────────────
  usuarioInativo: {
    status: 403,
    code: 'USUARIO_INATIVO',
    message: 'Usuário desativado. Fale com o administrador.',
  },
  primeiroAcesso: {
    status: 403,
    code: 'PRIMEIRO_ACESSO',
    message: 'Troque sua senha temporária para continuar.',
  },
  doisFatoresObrigatorio: {
    status: 403,
    code: 'DOIS_FATORES_OBRIGATORIO',
    message: 'Ative a verificação em duas etapas em Minha conta para usar as funções de administrador.',
  },
  senhaFraca: { status: 400, code: 'SENHA_FRACA', message: SENHA_FRACA },
  senhaAtualObrigatoria: {
    status: 400,
    code: 'SENHA_ATUAL_OBRIGATORIA',
    message: 'Informe a senha atual.',
  },
  senhaAtualIncorreta: {
    status: 400,
    code: 'SENHA_ATUAL_INCORRETA',
    message: 'A senha atual está incorreta.',
  },
  senhaRepetida: {
    status: 400,
    code: 'SENHA_REPETIDA',
    message: 'A nova senha deve ser diferente da atual.',
  },
  linkDeConfirmacaoInvalido: {
    status: 400,
    code: 'LINK_INVALIDO',
    message:
      'Este link de confirmação é inválido, expirou ou já foi usado. Entre na sua conta e peça um novo.',
  },
  linkDeRedefinicaoInvalido: {
    status: 400,
    code: 'LINK_INVALIDO',
    message: 'Este link de redefinição é inválido ou já foi usado. Peça um novo.',
  },
  emailJaConfirmado: { status: 400, code: 'EMAIL_JA_CONFIRMADO', message: 'Seu e-mail já está confirmado.' },
  erroAoAtualizarSenha: { status: 500, code: 'ERRO_INTERNO', message: 'Erro ao atualizar senha' },
  perfilNaoEncontrado: {
    status: 403,
    code: 'PERFIL_NAO_ENCONTRADO',
    message: 'Perfil de usuário não encontrado. Verifique se o usuário foi criado corretamente.',
  },
  senhaTemporariaExpirada: {
    status: 403,
    code: 'SENHA_TEMPORARIA_EXPIRADA',
    message: (quando: string) => `Sua senha temporária expirou em ${quando}. Peça ao administrador uma nova.`,
  },

  // ── Usuários (modules/usuarios) ─────────────────────────────────────────────────────────────
  usuarioNaoEncontrado: { status: 404, code: 'NAO_ENCONTRADO', message: 'Usuário não encontrado.' },
  emailEmUso: { status: 409, code: 'EMAIL_EM_USO', message: 'Já existe um usuário com este e-mail.' },
  naoPodeDesativarASi: {
    status: 400,
    code: 'OPERACAO_INVALIDA',
    message: 'Você não pode desativar nem rebaixar a sua própria conta.',
  },
  erroAoCarregarUsuarios: { status: 500, code: 'ERRO_INTERNO', message: 'Erro ao carregar usuários' },
  erroAoCriarUsuario: { status: 500, code: 'ERRO_INTERNO', message: 'Erro ao criar usuário' },
  erroAoAtualizarUsuario: { status: 500, code: 'ERRO_INTERNO', message: 'Erro ao atualizar usuário' },
  erroAoExcluirUsuario: { status: 500, code: 'ERRO_INTERNO', message: 'Erro ao deletar usuário' },
  naoPodeExcluirASi: {
    status: 400,
    code: 'OPERACAO_INVALIDA',
    message: 'Você não pode deletar sua própria conta.',
  },

  // ── Planos (modules/planos) ─────────────────────────────────────────────────────────────────
  planoNaoEncontrado: { status: 404, code: 'NAO_ENCONTRADO', message: 'Plano não encontrado.' },
  planoInvalido: { status: 400, code: 'PLANO_INVALIDO', message: 'Plano não encontrado.' },
  planoDuplicado: { status: 409, code: 'PLANO_DUPLICADO', message: 'Já existe um plano com este nome.' },
  planoPadraoDesmarcado: {
    status: 400,
    code: 'PLANO_PADRAO',
    message: 'Escolha outro plano como padrão em vez de desmarcar este.',
  },
  planoPadraoDesativado: {
    status: 400,
    code: 'PLANO_PADRAO',
    message: 'O plano padrão não pode ser desativado.',
  },

  // ── Laudos e arquivos (modules/laudos) ──────────────────────────────────────────────────────
  laudoNaoEncontrado: { status: 404, code: 'NAO_ENCONTRADO', message: 'Laudo não encontrado.' },
  dadosObrigatorios: {
    status: 400,
    code: 'DADOS_OBRIGATORIOS',
    message: 'Dados obrigatórios faltando: nome, código, cliente e tipo são obrigatórios.',
  },
  codigoDuplicado: {
    status: 409,
    code: 'CODIGO_DUPLICADO',
    message: 'Erro de dados: Já existe um laudo com este código',
  },
  tipoInvalido: {
    status: 400,
    code: 'TIPO_INVALIDO',
    message: (tipo: string) => `Tipo de laudo inválido: ${tipo}.`,
  },
  clienteFixo: { status: 403, code: 'CLIENTE_FIXO', message: 'Você não pode mudar a empresa de um laudo.' },
  emailNaoConfirmado: {
    status: 403,
    code: 'EMAIL_NAO_CONFIRMADO',
    message:
      'Confirme seu e-mail antes de cadastrar ou endereçar laudos: siga o link que enviamos (ou peça outro no aviso do painel).',
  },
  destinatarioNaoPermitido: {
    status: 403,
    code: 'DESTINATARIO_NAO_PERMITIDO',
    message: (temEmpresa: boolean) =>
      temEmpresa
        ? 'Você só pode enviar laudos para o seu e-mail ou para o de um colega da sua empresa com e-mail confirmado.'
        : 'Enquanto sua empresa não for confirmada, os laudos que você cria ficam no seu próprio e-mail.',
  },
  // ── Recursos do plano (issue 18) ──────────────────────────────────────────────────────────
  recursoForaDoPlano: {
    status: 403,
    code: 'RECURSO_FORA_DO_PLANO',
    message: (mensagem: string) => mensagem,
  },
  // ── Marca da empresa (modules/marca, decision 026) ────────────────────────────────────────
  logoInvalido: {
    status: 400,
    code: 'LOGO_INVALIDO',
    message: 'O logo deve ser uma imagem PNG, JPEG, WebP ou SVG.',
  },
  logoIlegivel: {
    status: 400,
    code: 'LOGO_ILEGIVEL',
    message: 'Não foi possível ler a imagem do logo. Envie um PNG, JPEG, WebP ou SVG válido.',
  },
  logoGrandeDemais: {
    status: 400,
    code: 'LOGO_GRANDE_DEMAIS',
    message: 'O logo tem dimensões grandes demais: envie uma imagem de até 40 megapixels.',
  },
  logoAcimaDoLimite: {
    status: 413,
    code: 'ARQUIVO_GRANDE_DEMAIS',
    message: 'O logo pode ter até 2 MB.',
  },
  logoNaoEncontrado: { status: 404, code: 'LOGO_NAO_ENCONTRADO', message: 'Esta empresa não tem logo.' },
  // ── Chaves de API (modules/chaves-api, decision 024) ──────────────────────────────────────
  chaveApiInvalida: {
    status: 401,
    code: 'CHAVE_API_INVALIDA',
    message: 'Chave de API inválida ou revogada. Peça uma nova chave ao gestor da empresa.',
  },
  chaveApiNaoAceita: {
    status: 401,
    code: 'CHAVE_API_NAO_ACEITA',
    message:
      'Esta rota não aceita chave de API: com uma chave, use apenas as rotas de laudos (veja /api/docs).',
  },
  chaveApiEmpresaInativa: {
    status: 401,
    code: 'CHAVE_API_INVALIDA',
    message: 'A empresa desta chave de API está desativada. Fale com o administrador.',
  },
  chaveApiNaoEncontrada: { status: 404, code: 'NAO_ENCONTRADO', message: 'Chave de API não encontrada.' },
  limiteDeChavesApi: {
    status: 409,
    code: 'LIMITE_DE_CHAVES_API',
    message: (max: number) =>
      `A empresa já tem ${max} chaves de API ativas. Revogue uma que não use mais para criar outra.`,
  },
  // ── Empresas, equipes e convites (issue 17) ───────────────────────────────────────────────
  empresaInativa: {
    status: 403,
    code: 'EMPRESA_INATIVA',
    message: 'Sua empresa está desativada. Fale com o administrador.',
  },
  empresaNaoEncontrada: { status: 404, code: 'NAO_ENCONTRADO', message: 'Empresa não encontrada.' },
  semEmpresa: {
    status: 404,
    code: 'SEM_EMPRESA',
    message: 'Você ainda não faz parte de uma empresa.',
  },
  jaTemEmpresa: {
    status: 409,
    code: 'JA_TEM_EMPRESA',
    message: 'Você já faz parte de uma empresa.',
  },
  cnpjDuplicado: { status: 409, code: 'CNPJ_DUPLICADO', message: 'Já existe uma empresa com este CNPJ.' },
  pedidoNaoEncontrado: {
    status: 404,
    code: 'NAO_ENCONTRADO',
    message: 'Pedido não encontrado ou já resolvido.',
  },
  pedidoSemDados: {
    status: 400,
    code: 'DADOS_OBRIGATORIOS',
    message: 'Informe o nome ou o CNPJ da empresa.',
  },
  aprovacaoSemEmpresa: {
    status: 400,
    code: 'DADOS_OBRIGATORIOS',
    message: 'Escolha uma empresa existente ou informe os dados de uma nova.',
  },
  adminSemEmpresa: {
    status: 400,
    code: 'ADMIN_SEM_EMPRESA',
    message: 'Administradores não pertencem a empresas clientes.',
  },
  limiteUsuarios: {
    status: 409,
    code: 'LIMITE_USUARIOS',
    message: (plano: string, max: number) =>
      `Limite do plano atingido: o plano ${plano} permite até ${max} usuários. Fale conosco para mudar de plano.`,
  },
  ultimoGestor: {
    status: 409,
    code: 'ULTIMO_GESTOR',
    message: 'A empresa precisa de pelo menos um gestor ativo.',
  },
  apenasGestor: {
    status: 403,
    code: 'APENAS_GESTOR',
    message: (acao: string) => `Apenas o gestor da empresa pode ${acao}.`,
  },
  pessoaNaoEncontrada: {
    status: 404,
    code: 'NAO_ENCONTRADO',
    message: 'Pessoa não encontrada nesta empresa.',
  },
  conviteNaoEncontrado: { status: 404, code: 'NAO_ENCONTRADO', message: 'Convite não encontrado.' },
  conviteInvalido: { status: 404, code: 'CONVITE_INVALIDO', message: 'Convite inválido ou expirado.' },
  linkDeRespostaInvalido: {
    status: 404,
    code: 'LINK_INVALIDO',
    message: 'Link inválido. Use o botão do e-mail de lembrete mais recente ou fale com a nossa equipe.',
  },
  linkDeDescadastroInvalido: {
    status: 404,
    code: 'LINK_INVALIDO',
    message:
      'Link de descadastro inválido. Use o link do e-mail mais recente ou ajuste as suas preferências no portal.',
  },
  preferenciaObrigatoria: {
    status: 400,
    code: 'PREFERENCIA_OBRIGATORIA',
    message: (rotulo: string) =>
      `${rotulo}: este aviso é obrigatório pela empresa de inspeção e não pode ser desligado.`,
  },
  linkDeRespostaExpirado: {
    status: 410,
    code: 'LINK_EXPIRADO',
    message:
      'Este link não vale mais: o vencimento do laudo mudou (o laudo foi renovado ou corrigido). Use o botão do e-mail de lembrete mais recente.',
  },
  emailJaCadastrado: {
    status: 409,
    code: 'EMAIL_JA_CADASTRADO',
    message: 'Este e-mail já tem uma conta no Laudos. Peça ao administrador para vinculá-la à empresa.',
  },
  jaNaEquipe: { status: 409, code: 'JA_NA_EQUIPE', message: 'Esta pessoa já faz parte da equipe.' },
  limiteDoPlano: { status: 403, code: 'LIMITE_DO_PLANO', message: limiteDoPlano },
  erroAoListarLaudos: { status: 500, code: 'ERRO_LAUDOS', message: 'Erro ao carregar laudos do cliente' },
  erroNasEstatisticas: { status: 500, code: 'ERRO_ESTATISTICAS', message: 'Erro ao carregar estatísticas' },
  erroAoAtualizarLaudo: { status: 500, code: 'ERRO_ATUALIZAR_LAUDO', message: 'Erro ao atualizar laudo' },
  envioDesativado: { status: 403, code: 'ENVIO_DESATIVADO', message: 'O envio de arquivos está desativado.' },
  arquivoAusente: { status: 400, code: 'ARQUIVO_AUSENTE', message: ARQUIVO_AUSENTE },
  arquivoGrandeDemais: {
    status: 413,
    code: 'ARQUIVO_GRANDE_DEMAIS',
    message: (limiteMb: number) => `Arquivo maior que o limite de ${limiteMb} MB.`,
  },
  naoEhPdf: {
    status: 415,
    code: 'TIPO_DE_ARQUIVO_INVALIDO',
    message: 'O arquivo enviado não é um PDF. Envie o laudo em PDF.',
  },
  naoEhPlanilha: {
    status: 415,
    code: 'TIPO_DE_ARQUIVO_INVALIDO',
    message: 'O arquivo enviado não é uma planilha Excel (.xlsx ou .xls).',
  },
  planilhaSuspeita: {
    status: 400,
    code: 'PLANILHA_SUSPEITA',
    message:
      'A planilha está danificada ou compactada de forma suspeita (ela se expandiria demais) e não foi aceita.',
  },
  laudoSemEsseArquivo: {
    status: 404,
    code: 'ARQUIVO_NAO_ENCONTRADO',
    message: 'Este laudo não tem arquivo desse tipo.',
  },
  // Renewals (modules/laudos/versoes.ts, decision 030).
  versaoNaoEncontrada: { status: 404, code: 'NAO_ENCONTRADO', message: 'Versão do laudo não encontrada.' },
  renovacaoSemFormulario: {
    status: 400,
    code: 'RENOVACAO_INVALIDA',
    message:
      'Envie a renovação como formulário (multipart/form-data): código, dataVencimento e, se houver, os arquivos nos campos "pdf" e "excel".',
  },
  arquivoDaRenovacaoInvalido: {
    status: 400,
    code: 'RENOVACAO_INVALIDA',
    message: 'Na renovação, envie no máximo um arquivo no campo "pdf" e um no campo "excel".',
  },
  vencimentoNaoPosterior: {
    status: 400,
    code: 'DADOS_INVALIDOS',
    message: (atual: string) => `A nova data de vencimento deve ser posterior à atual (${atual}).`,
  },
  laudoSemPlanilha: { status: 404, code: 'ARQUIVO_NAO_ENCONTRADO', message: 'Este laudo não tem planilha.' },
  arquivoNaoEncontrado: { status: 404, code: 'ARQUIVO_NAO_ENCONTRADO', message: 'Arquivo não encontrado.' },
  intervaloForaDoArquivo: {
    status: 416,
    code: 'INTERVALO_FORA_DO_ARQUIVO',
    message: 'O intervalo pedido está fora do arquivo.',
  },
  visualizacaoDesativada: {
    status: 403,
    code: 'VISUALIZACAO_DESATIVADA',
    message: 'A visualização de planilhas está desativada: baixe o arquivo.',
  },
  planilhaGrandeDemais: {
    status: 422,
    code: 'PLANILHA_GRANDE_DEMAIS',
    message: 'Planilha grande demais para visualizar; baixe o arquivo.',
  },
  planilhaIlegivel: {
    status: 422,
    code: 'PLANILHA_ILEGIVEL',
    message:
      'Não foi possível mostrar esta planilha aqui (formato .xls antigo ou arquivo danificado): baixe o arquivo.',
  },

  // ── Notificações (modules/notificacoes) ─────────────────────────────────────────────────────
  regraNaoEncontrada: {
    status: 404,
    code: 'REGRA_NAO_ENCONTRADA',
    message: 'Regra de notificação não encontrada.',
  },

  // ── E-mail (email/) ─────────────────────────────────────────────────────────────────────────
  templateNaoEncontrado: {
    status: 404,
    code: 'TEMPLATE_NAO_ENCONTRADO',
    message: (tipo: string) => `Template ${tipo} não encontrado`,
  },
  templateInvalido: { status: 400, code: 'TEMPLATE_INVALIDO', message: (detalhe: string) => detalhe },
  emailNaoEncontrado: { status: 404, code: 'EMAIL_NAO_ENCONTRADO', message: 'E-mail não encontrado.' },
  emailInvalido: {
    status: 400,
    code: 'EMAIL_INVALIDO',
    message: (campo: string) => `${campo} não é um endereço de e-mail válido.`,
  },
  cabecalhoInvalido: {
    status: 400,
    code: 'CABECALHO_INVALIDO',
    message: (campo: string) => `${campo} contém quebra de linha e foi recusado.`,
  },
  supressaoNaoEncontrada: {
    status: 404,
    code: 'NAO_ENCONTRADO',
    message: 'Endereço não está na lista de supressão.',
  },
  // The Amazon SES notifications webhook (decision 036): machines post here, people never.
  webhookSesDesativado: {
    status: 404,
    code: 'WEBHOOK_SES_DESATIVADO',
    message: 'Webhook do Amazon SES desativado: defina SES_SNS_TOPIC_ARNS no servidor para ativá-lo.',
  },
  webhookSesMalformado: {
    status: 400,
    code: 'WEBHOOK_SES_MALFORMADO',
    message: (detalhe: string) => `Notificação do SNS malformada: ${detalhe}`,
  },
  webhookSesAssinaturaInvalida: {
    status: 403,
    code: 'WEBHOOK_SES_ASSINATURA_INVALIDA',
    message: 'Assinatura da notificação do SNS inválida: mensagem recusada.',
  },
  webhookSesTopicoNaoPermitido: {
    status: 403,
    code: 'WEBHOOK_SES_TOPICO_NAO_PERMITIDO',
    message: 'Tópico do SNS não configurado em SES_SNS_TOPIC_ARNS: mensagem recusada.',
  },
  webhookSesConfirmacaoFalhou: {
    status: 502,
    code: 'WEBHOOK_SES_CONFIRMACAO_FALHOU',
    message: 'Não foi possível confirmar a inscrição no tópico do SNS; o SNS tentará de novo.',
  },

  // ── Suporte (modules/suporte) ───────────────────────────────────────────────────────────────
  chamadoNaoEncontrado: { status: 404, code: 'NAO_ENCONTRADO', message: 'Chamado não encontrado.' },
  avisoNaoEncontrado: { status: 404, code: 'NAO_ENCONTRADO', message: 'Aviso não encontrado.' },
  mensagemNaoEncontrada: { status: 404, code: 'NAO_ENCONTRADO', message: 'Mensagem não encontrada.' },
  chamadoFechado: {
    status: 409,
    code: 'CHAMADO_FECHADO',
    message: 'Este chamado está fechado: reabra-o para responder.',
  },
  anexoJaEnviado: { status: 409, code: 'ANEXO_JA_ENVIADO', message: 'Esta mensagem já tem um anexo.' },
  anexoDeOutraPessoa: {
    status: 403,
    code: 'ACESSO_NEGADO',
    message: 'Só quem escreveu a mensagem pode anexar um arquivo a ela.',
  },
  anexoInvalido: {
    status: 415,
    code: 'TIPO_DE_ARQUIVO_INVALIDO',
    message: 'O anexo deve ser um PDF ou uma imagem (PNG, JPEG ou WebP).',
  },

  // ── Renovações (modules/renovacoes) ─────────────────────────────────────────────────────────
  renovacaoNaoEncontrada: {
    status: 404,
    code: 'NAO_ENCONTRADO',
    message: 'Pedido de renovação não encontrado.',
  },

  // ── WhatsApp (modules/whatsapp, decision 037) ─────────────────────────────────────────────────
  whatsappNumeroInvalido: {
    status: 400,
    code: 'WHATSAPP_NUMERO_INVALIDO',
    message: 'Informe um número de celular válido com DDD, por exemplo (11) 98888-7777.',
  },
  whatsappSemConsentimento: {
    status: 400,
    code: 'WHATSAPP_SEM_CONSENTIMENTO',
    message: 'Marque a caixa de consentimento para receber mensagens pelo WhatsApp.',
  },
  whatsappIndisponivel: {
    status: 409,
    code: 'WHATSAPP_INDISPONIVEL',
    message: (motivo: string) => motivo,
  },
  whatsappAssinaturaInvalida: {
    status: 403,
    code: 'WHATSAPP_ASSINATURA_INVALIDA',
    message: 'Assinatura do webhook do WhatsApp inválida.',
  },
  // ── Blog (modules/blog) ─────────────────────────────────────────────────────────────────────
  postNaoEncontrado: { status: 404, code: 'POST_NAO_ENCONTRADO', message: 'Post não encontrado.' },
  slugEmUso: { status: 409, code: 'SLUG_EM_USO', message: 'Já existe um post com este endereço (slug).' },
  capaInvalida: {
    status: 400,
    code: 'CAPA_INVALIDA',
    message: 'A capa deve ser uma imagem PNG, JPEG ou WebP.',
  },
  capaGrandeDemais: {
    status: 400,
    code: 'CAPA_GRANDE_DEMAIS',
    message: 'A imagem tem dimensões grandes demais: envie uma capa de até 40 megapixels.',
  },
  capaIlegivel: {
    status: 400,
    code: 'CAPA_ILEGIVEL',
    message: 'Não foi possível ler a imagem. Envie um PNG, JPEG ou WebP válido.',
  },
  capaNaoEncontrada: { status: 404, code: 'CAPA_NAO_ENCONTRADA', message: 'Este post não tem capa.' },
  imagemAusente: {
    status: 400,
    code: 'ARQUIVO_AUSENTE',
    message: 'Envie a imagem no campo "arquivo" (multipart/form-data).',
  },
  capaAcimaDoLimite: {
    status: 413,
    code: 'ARQUIVO_GRANDE_DEMAIS',
    message: 'Arquivo maior que o limite de 5 MB.',
  },
  // ── Calendário (issue 20, decision 034) ──────────────────────────────────────────────────
  calendarioNaoEncontrado: {
    status: 404,
    code: 'NAO_ENCONTRADO',
    message: 'Calendário não encontrado. Gere um novo link em Minha conta.',
  },

  // ── Cadastro de equipamentos NR-13 (issue 23, decision 048) ─────────────────────────────
  equipamentoNaoEncontrado: { status: 404, code: 'NAO_ENCONTRADO', message: 'Equipamento não encontrado.' },
  tagDuplicada: {
    status: 409,
    code: 'TAG_DUPLICADA',
    message: (tag: string) => `Já existe um equipamento com a TAG "${tag}" nesta empresa.`,
  },
  empresaDoEquipamento: {
    status: 400,
    code: 'DADOS_INVALIDOS',
    message: 'Informe a empresa do equipamento.',
  },
  ligacaoInvalida: {
    status: 422,
    code: 'LIGACAO_INVALIDA',
    message: (mensagem: string) => mensagem,
  },
  exameInvalido: {
    status: 422,
    code: 'EXAME_INVALIDO',
    message: (mensagem: string) => mensagem,
  },
  dataPlanejadaAlemDoPrazo: {
    status: 422,
    code: 'DATA_ALEM_DO_PRAZO',
    message: (nome: string, maxima: string) =>
      `${nome}: a próxima data planejada não pode passar do prazo máximo da norma (${maxima}) sem uma prorrogação aprovada.`,
  },
  prorrogacaoInvalida: { status: 422, code: 'PRORROGACAO_INVALIDA', message: (mensagem: string) => mensagem },
  tipoDeLaudoNaoEncontrado: { status: 404, code: 'NAO_ENCONTRADO', message: 'Tipo de laudo não encontrado.' },
  exameJaVinculado: {
    status: 409,
    code: 'EXAME_JA_VINCULADO',
    message: (exame: string, outro: string) =>
      `O ${exame} já está vinculado ao tipo "${outro}": desvincule-o (ou desative aquele tipo) antes de vinculá-lo a outro.`,
  },
  tipoDoCadastro: {
    status: 400,
    code: 'TIPO_DO_CADASTRO',
    message: (tipo: string, exame: string) =>
      `Laudos do tipo "${tipo}" vêm do cadastro de equipamentos NR-13 (${exame}): a data de vencimento é calculada pelo cadastro. Cadastre o equipamento e registre a inspeção em Equipamentos.`,
  },
  vencimentoDoCadastro: {
    status: 409,
    code: 'VENCIMENTO_DO_CADASTRO',
    message:
      'A data de vencimento deste laudo vem do cadastro de equipamentos NR-13: registre a inspeção ou uma prorrogação no equipamento.',
  },
  planilhaDeEquipamentosGrandeDemais: {
    status: 422,
    code: 'PLANILHA_GRANDE_DEMAIS',
    message:
      'A planilha tem mais de 2.000 equipamentos. Divida-a em arquivos de até 2.000 linhas e importe um de cada vez.',
  },
  planilhaSemEquipamentos: {
    status: 422,
    code: 'PLANILHA_VAZIA',
    message: 'A planilha só tem a linha de cabeçalhos: não há equipamentos para importar.',
  },
  planilhaDeEquipamentosComErros: {
    status: 400,
    code: 'PLANILHA_COM_ERROS',
    message: (n: number) =>
      `Nada foi importado: a planilha tem ${n === 1 ? '1 erro' : `${n} erros`}. Corrija as linhas indicadas e envie de novo.`,
  },
  prorrogacaoNaoEncontrada: { status: 404, code: 'NAO_ENCONTRADO', message: 'Prorrogação não encontrada.' },
  prorrogacaoJaDecidida: {
    status: 409,
    code: 'PRORROGACAO_JA_DECIDIDA',
    message: 'Esta prorrogação já foi decidida.',
  },

  // ── Auditoria (issue 22, decision 046) ────────────────────────────────────────────────────
  entradaDeAuditoriaNaoEncontrada: {
    status: 404,
    code: 'NAO_ENCONTRADO',
    message: 'Entrada do registro de auditoria não encontrada.',
  },
  cursorInvalido: {
    status: 400,
    code: 'DADOS_INVALIDOS',
    message: 'Cursor de paginação inválido. Recarregue a lista.',
  },
  periodoInvalido: {
    status: 400,
    code: 'DADOS_INVALIDOS',
    message: 'O início do período deve ser anterior ou igual ao fim.',
  },

  // ── Importação de laudos por planilha (issue 22, decision 047) ────────────────────────────
  importacaoNaoEncontrada: { status: 404, code: 'NAO_ENCONTRADO', message: 'Importação não encontrada.' },
  naoEhPlanilhaDeImportacao: {
    status: 415,
    code: 'TIPO_DE_ARQUIVO_INVALIDO',
    message:
      'O arquivo não é uma planilha CSV ou XLSX. Salve a planilha num desses formatos (ou use o modelo) e envie de novo.',
  },
  planilhaVazia: {
    status: 422,
    code: 'PLANILHA_VAZIA',
    message: 'A planilha está vazia: a primeira linha deve ter os cabeçalhos das colunas (baixe o modelo).',
  },
  planilhaSemLinhas: {
    status: 422,
    code: 'PLANILHA_VAZIA',
    message: 'A planilha só tem a linha de cabeçalhos: não há laudos para importar.',
  },
  planilhaComLinhasDemais: {
    status: 422,
    code: 'PLANILHA_GRANDE_DEMAIS',
    message:
      'A planilha tem mais de 10.000 linhas de laudos. Divida-a em arquivos de até 10.000 linhas e importe um de cada vez.',
  },
  empresaDaImportacao: {
    status: 400,
    code: 'DADOS_OBRIGATORIOS',
    message: 'Escolha a empresa dos laudos ou indique a coluna Empresa da planilha.',
  },
  colunasObrigatorias: {
    status: 400,
    code: 'DADOS_OBRIGATORIOS',
    message: (faltam: string) => `Indique a coluna de cada campo obrigatório: ${faltam}.`,
  },
  colunaInexistente: {
    status: 400,
    code: 'DADOS_INVALIDOS',
    message: (coluna: string) => `A planilha não tem a coluna "${coluna}".`,
  },
  previaPendente: {
    status: 409,
    code: 'PREVIA_PENDENTE',
    message: 'Verifique a planilha antes de importar: a prévia ainda não foi feita com estas escolhas.',
  },
  importacaoJaIniciada: {
    status: 409,
    code: 'IMPORTACAO_JA_INICIADA',
    message: 'Esta importação já foi iniciada. Acompanhe o progresso ou envie a planilha de novo.',
  },
  limiteDoPlanoNaImportacao: {
    status: 422,
    code: 'LIMITE_DO_PLANO',
    message: (plano: string, max: number) => `Importação recusada. ${limiteDoPlano(plano, max)}`,
  },
} as const satisfies Record<string, Definicao>;

export type Erro = keyof typeof ERROS;
type Argumentos<D> = D extends { message: (...args: infer A) => string } ? A : [];

/** The catalogue's error `key`, as an AppError to throw. */
export function erro<K extends Erro>(key: K, ...args: Argumentos<(typeof ERROS)[K]>): AppError {
  const def: Definicao = ERROS[key];
  const message =
    typeof def.message === 'function' ? (def.message as (...a: unknown[]) => string)(...args) : def.message;
  return new AppError(def.code, message, def.status);
}

/** The body of an error response, for the few places that answer without throwing. */
export function corpoDoErro<K extends Erro>(key: K, ...args: Argumentos<(typeof ERROS)[K]>) {
  const { code, message } = erro(key, ...args);
  return { error: { code, message } };
}

/** The field-by-field list of a request that failed its route's zod schema. */
export function camposDaValidacao(validation: readonly FastifySchemaValidationError[]): CampoInvalido[] {
  return camposDoErro(
    validation.map((v) => ({
      ...(v.params as object),
      code: v.keyword,
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message ?? 'Valor inválido.',
    })) as unknown as Parameters<typeof camposDoErro>[0],
  );
}

/** A 400 of invalid input with the field-by-field list the forms use to mark each field. */
export function dadosInvalidos(campos: CampoInvalido[], message?: string): AppError {
  const nomes = [...new Set(campos.map((c) => c.campo))];
  const texto =
    message ?? (nomes.length > 0 ? `Dados inválidos: verifique ${nomes.join(', ')}.` : 'Dados inválidos.');
  return new AppError('DADOS_INVALIDOS', texto, 400, campos);
}

export const unauthorized = () => erro('naoAutenticado');
export const forbidden = (message?: string) => erro('acessoNegado', message);

/** The catalogue's 500s that name the failed operation ('Erro ao criar usuário', …). */
type FalhaDaOperacao = {
  [K in Erro]: (typeof ERROS)[K] extends { status: 500; message: string } ? K : never;
}[Erro];

/**
 * Runs `fn`; an unexpected failure (not an AppError) becomes the catalogue's 500 for that
 * operation. The cause is logged by the error handler.
 */
export async function orFail<T>(key: FalhaDaOperacao, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw Object.assign(erro(key), { cause: err });
  }
}
