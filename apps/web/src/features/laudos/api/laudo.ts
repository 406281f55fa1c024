import {
  type ClassificacaoVencimento,
  classificarVencimento,
  hojeNoFuso,
  type StatusVencimento,
} from '@laudos/domain';
import {
  asArray,
  asEnum,
  asNullableString,
  asNumber,
  asRecord,
  asString,
  isRecord,
} from '../../../lib/parse';

/** The firm's time zone, for the rare laudo the server sent without its classification. */
const FUSO_PADRAO = 'America/Sao_Paulo';
const STATUS: readonly StatusVencimento[] = ['ativo', 'vencendo', 'vencido'];

/** A laudo as GET /api/laudos answers (the fields the web app uses). */
export type Laudo = {
  id: string;
  nome: string;
  codigo: string;
  cliente: string;
  tipo: string;
  observacoes: string | null;
  emailCliente: string | null;
  /** 'YYYY-MM-DD' or null. */
  dataVencimento: string | null;
  criadoEm: string;
  atualizadoEm: string;
  criador: { nome: string; email: string | null } | null;
  /** The original file names. */
  arquivoPdf: string | null;
  arquivoExcel: string | null;
  arquivoPdfUrl: string | null;
  arquivoExcelUrl: string | null;
  /** The server's classification (spec §4), computed with the shared domain rule. */
  vencimento: ClassificacaoVencimento;
};

export function parseLaudo(value: unknown, path = 'laudo'): Laudo {
  const laudo = asRecord(value, path);
  const dataVencimento = asNullableString(
    laudo.data_vencimento ?? laudo.dataVencimento,
    `${path}.data_vencimento`,
  );
  const criador = isRecord(laudo.criador)
    ? {
        nome: asString(laudo.criador.nome, `${path}.criador.nome`),
        email: asNullableString(laudo.criador.email, `${path}.criador.email`),
      }
    : null;
  return {
    id: asString(laudo.id, `${path}.id`),
    nome: asString(laudo.nome, `${path}.nome`),
    codigo: asString(laudo.codigo, `${path}.codigo`),
    cliente: asString(laudo.cliente, `${path}.cliente`),
    tipo: asString(laudo.tipo, `${path}.tipo`),
    observacoes: asNullableString(laudo.observacoes, `${path}.observacoes`),
    emailCliente: asNullableString(laudo.email_cliente ?? laudo.emailCliente, `${path}.email_cliente`),
    dataVencimento: dataVencimento || null,
    criadoEm: asString(laudo.criado_em ?? laudo.criadoEm, `${path}.criado_em`),
    atualizadoEm: asNullableString(laudo.atualizado_em, `${path}.atualizado_em`) ?? '',
    criador,
    arquivoPdf: asNullableString(laudo.arquivo_pdf, `${path}.arquivo_pdf`),
    arquivoExcel: asNullableString(laudo.arquivo_excel, `${path}.arquivo_excel`),
    arquivoPdfUrl: asNullableString(laudo.arquivo_pdf_url, `${path}.arquivo_pdf_url`),
    arquivoExcelUrl: asNullableString(laudo.arquivo_excel_url, `${path}.arquivo_excel_url`),
    vencimento: parseVencimento(laudo.vencimento, dataVencimento, `${path}.vencimento`),
  };
}

function parseVencimento(
  value: unknown,
  dataVencimento: string | null,
  path: string,
): ClassificacaoVencimento {
  if (!isRecord(value)) {
    // Same rule as the server (shared package), on today's date in the firm's time zone.
    return classificarVencimento(dataVencimento, hojeNoFuso(FUSO_PADRAO));
  }
  return {
    status: asEnum(value.status, `${path}.status`, STATUS),
    diasRestantes:
      value.diasRestantes === null || value.diasRestantes === undefined
        ? null
        : asNumber(value.diasRestantes, `${path}.diasRestantes`),
    diasVencido: asNumber(value.diasVencido ?? 0, `${path}.diasVencido`),
  };
}

/** `{ laudo }`, the answer of get, create, update and of the file uploads. */
export function parseLaudoResposta(data: unknown): Laudo {
  return parseLaudo(asRecord(data, 'resposta').laudo);
}

export type OrdemLaudos = 'vencimento' | 'nome' | 'codigo' | 'cliente' | 'criadoEm';

export type LaudosFiltro = {
  status?: StatusVencimento | '';
  tipo?: string;
  cliente?: string;
  busca?: string;
  vencimentoDe?: string;
  vencimentoAte?: string;
  /** Only laudos with a PDF or an Excel attached. */
  comArquivos?: boolean;
  ordem?: OrdemLaudos;
  direcao?: 'asc' | 'desc';
  pagina?: number;
  porPagina?: number;
};

export type LaudosPagina = { laudos: Laudo[]; total: number; pagina: number; porPagina: number };

export function parseLaudosPagina(data: unknown): LaudosPagina {
  const body = asRecord(data, 'resposta');
  return {
    laudos: asArray(body.laudos, 'laudos', parseLaudo),
    total: asNumber(body.total, 'total'),
    pagina: asNumber(body.pagina, 'pagina'),
    porPagina: asNumber(body.porPagina, 'porPagina'),
  };
}

export type TipoLaudo = { nome: string; descricao: string | null };

/** Every query about laudos starts with this key, so one invalidation refreshes them all. */
export const laudosKey = ['laudos'] as const;

export function laudoKey(id: string) {
  return [...laudosKey, 'detalhe', id] as const;
}

/** /api/laudos/{id}/arquivos/{tipo}[/download] */
export function arquivoUrl(id: string, tipo: TipoArquivo, download = false): string {
  return `/api/laudos/${encodeURIComponent(id)}/arquivos/${tipo}${download ? '/download' : ''}`;
}

export type TipoArquivo = 'pdf' | 'excel';
