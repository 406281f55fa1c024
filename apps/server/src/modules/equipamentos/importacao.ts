import {
  type atualizarEquipamentoEntrada,
  COLUNAS_DE_EQUIPAMENTOS,
  type ColunaDeEquipamento,
  chaveDoCabecalho,
  criarEquipamentoEntrada,
  type ErroDaLinhaDeEquipamento,
  EXAMES_DO_TIPO,
  type ExameDeEquipamento,
  MAX_LINHAS_DE_EQUIPAMENTOS,
  NOMES_DOS_EXAMES,
  NOMES_DOS_TIPOS,
  type PreviaDeEquipamentos,
  type ResultadoDeEquipamentos,
  TIPOS_NA_PLANILHA,
  type TipoDeEquipamento,
} from '@laudos/domain/api';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  empresas,
  equipamentoEventos,
  equipamentoInspecoes,
  equipamentoProrrogacoes,
  equipamentos,
} from '../../db/schema.ts';
import { AppError, ERROS, erro } from '../../http/errors.ts';
import { ehZip, lerPlanilha } from '../importacao/planilha.ts';
import { dataDaPlanilha, exigirImportador } from '../importacao/service.ts';
import { type Calculo, calcular, type Ligado } from './prazos.ts';
import {
  alterarEquipamento,
  inserirEquipamento,
  intervalosDe,
  type Row,
  registrarExamesAnteriores,
  tagDuplicada,
} from './service.ts';

/*
 * The spreadsheet import of equipment (issue 23, decision 048). Simpler than the laudos import:
 * the file is read, checked and, when asked, imported in one request and ONE transaction — all or
 * nothing, up to 2,000 rows. Each row goes through the registry's own create or update
 * (`inserirEquipamento`, `alterarEquipamento`), so its exam laudos, audit entries (marked with the
 * import) and recomputation are those of an equipment typed by hand. Linked TAGs come first:
 * vessels, boilers and tanks, then piping, then safety devices.
 */

type Entrada = z.output<typeof criarEquipamentoEntrada>;
type Alteracao = z.output<typeof atualizarEquipamentoEntrada>;
export type ModoDaImportacao = 'pular' | 'atualizar';

export interface PlanilhaDeEquipamentos {
  nomeArquivo: string;
  bytes: Buffer;
  empresaId?: string | undefined;
  modo: ModoDaImportacao;
}

const ACAO = 'importar equipamentos por planilha';
const ORDEM: Record<TipoDeEquipamento, number> = {
  vaso: 0,
  caldeira: 0,
  tanque: 0,
  tubulacao: 1,
  dispositivo: 2,
};
const tagChave = (tag: string) => tag.trim().toLowerCase();

/** The row messages, pt-BR. */
export const MENSAGENS_DE_EQUIPAMENTOS = {
  coluna: 'Coluna não reconhecida: baixe o modelo para ver as colunas aceitas.',
  tipo: (v: string) =>
    `Tipo desconhecido${v ? `: "${v}"` : ''}. Use Caldeira, Vaso de pressão, Tubulação, Tanque ou Dispositivo de segurança.`,
  numero: (v: string) => `Número inválido: "${v}". Use só algarismos, com vírgula nos decimais (ex.: 2,5).`,
  inteiro: (v: string) => `Número inteiro inválido: "${v}".`,
  data: (v: string) => `Data inválida: "${v}". Use dd/mm/aaaa.`,
  futuro: 'A data não pode estar no futuro.',
  simNao: (v: string) => `Valor inválido: "${v}". Use sim ou não.`,
  repetida: (linha: number) => `TAG repetida na planilha: já aparece na linha ${linha}.`,
  naoEncontrada: (tag: string) => `TAG "${tag}" não encontrada na planilha nem nos equipamentos da empresa.`,
  exame: (exame: ExameDeEquipamento, tipo: TipoDeEquipamento) =>
    `${NOMES_DOS_EXAMES[exame]} não se aplica a ${NOMES_DOS_TIPOS[tipo].toLowerCase()}.`,
  soDispositivoProtege: 'Só um dispositivo de segurança protege outro equipamento.',
  protegeDispositivo: (tag: string) =>
    `"${tag}" é um dispositivo de segurança: um dispositivo protege um equipamento, não outro dispositivo.`,
  protegeASi: 'Um dispositivo não protege a si mesmo.',
  soTubulacaoConecta: 'Só uma tubulação se liga a vasos e caldeiras.',
  conectaTipo: (tag: string) => `"${tag}" não é vaso de pressão nem caldeira: uma tubulação se liga a esses.`,
  outroTipo: (tag: string, tipo: TipoDeEquipamento) =>
    `A TAG "${tag}" já existe nesta empresa como ${NOMES_DOS_TIPOS[tipo].toLowerCase()}: o tipo não muda na importação.`,
} as const;

// ── Reading a row ─────────────────────────────────────────────────────────────────────────────

/**
 * A number of the sheet, or NaN. An XLSX number cell arrives as its JavaScript text ("2.5"); a text cell may hold "2,5". In a
 * CSV, pt-BR's comma is the decimal mark and a dot between groups of three digits a thousands
 * separator ("1.240" is 1240, "1.234,5" is 1234.5); "2.5" (no groups of three) is still 2.5.
 */
export function numeroDaPlanilha(texto: string, xlsx: boolean): number {
  const t = texto.replaceAll(/\s/g, '');
  let normal = t;
  if (!xlsx && /^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) normal = t.replaceAll('.', '').replace(',', '.');
  else if (t.includes(',') && !t.includes('.')) normal = t.replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}

const SIM = new Set(['sim', 's', 'x', 'true', 'verdadeiro', '1', 'yes']);
const NAO = new Set(['nao', 'n', 'false', 'falso', '0', 'no']);

interface LinhaLida {
  linha: number;
  tag: string;
  tipo: TipoDeEquipamento | null;
  /** The present columns' values, by the entry's field (null: a blank cell). */
  valores: Map<string, unknown>;
  protege: string | null;
  conecta: string[];
  /** Whether the sheet has the "Protege" and "Conecta" columns (an update then sets the links). */
  temProtege: boolean;
  temConecta: boolean;
  erros: ErroDaLinhaDeEquipamento[];
}

function lerLinha(
  linha: number,
  celulas: string[],
  colunas: (ColunaDeEquipamento | null)[],
  hoje: string,
  xlsx: boolean,
): LinhaLida {
  const lida: LinhaLida = {
    linha,
    tag: '',
    tipo: null,
    valores: new Map(),
    protege: null,
    conecta: [],
    temProtege: false,
    temConecta: false,
    erros: [],
  };
  const falha = (c: ColunaDeEquipamento, mensagem: string): void => {
    lida.erros.push({ linha, campo: c.cabecalho, mensagem });
  };
  colunas.forEach((c, i) => {
    if (!c) return;
    const v = (celulas[i] ?? '').trim();
    let valor: unknown = null;
    switch (c.leitura) {
      case 'texto':
        valor = v || null;
        break;
      case 'tipo': {
        const tipo = TIPOS_NA_PLANILHA[chaveDoCabecalho(v)];
        if (!tipo) falha(c, MENSAGENS_DE_EQUIPAMENTOS.tipo(v));
        lida.tipo = tipo ?? null;
        return;
      }
      case 'numero':
      case 'inteiro':
        if (v) {
          valor = numeroDaPlanilha(v, xlsx);
          if (Number.isNaN(valor) || (c.leitura === 'inteiro' && !Number.isInteger(valor))) {
            falha(c, MENSAGENS_DE_EQUIPAMENTOS[c.leitura](v));
            return;
          }
        }
        break;
      case 'data':
        if (v) {
          valor = dataDaPlanilha(v);
          if (!valor) {
            falha(c, MENSAGENS_DE_EQUIPAMENTOS.data(v));
            return;
          }
          if ((valor as string) > hoje) {
            falha(c, MENSAGENS_DE_EQUIPAMENTOS.futuro);
            return;
          }
        }
        break;
      case 'classe':
        valor = v ? v.toUpperCase() : null;
        break;
      case 'simNao': {
        const chave = chaveDoCabecalho(v);
        if (!v) valor = null;
        else if (SIM.has(chave)) valor = true;
        else if (NAO.has(chave)) valor = false;
        else {
          falha(c, MENSAGENS_DE_EQUIPAMENTOS.simNao(v));
          return;
        }
        break;
      }
      case 'tag':
        lida.protege = v || null;
        lida.temProtege = true;
        return;
      case 'tags':
        lida.temConecta = true;
        lida.conecta = v
          .split(/[,;|\n]+/)
          .map((x) => x.trim())
          .filter(Boolean);
        return;
    }
    lida.valores.set(c.campo, valor);
  });
  lida.tag = String(lida.valores.get('tag') ?? '');
  return lida;
}

/** The creation entry of a row: its non-blank values, the nested ones in their objects. */
function entradaDe(l: LinhaLida): Record<string, unknown> {
  const e: Record<string, unknown> = { tipo: l.tipo ?? 'vaso' };
  for (const [campo, valor] of l.valores) {
    if (valor === null) continue;
    const [a, b] = campo.split('.') as [string, string | undefined];
    if (b) e[a] = { ...(e[a] as object), [b]: valor };
    else e[a] = valor;
  }
  return e;
}

/** An update: the columns present change (a blank cell clears its field); options and nameplate merge. */
function alteracaoDe(l: LinhaLida, antes: Row, entrada: Entrada): Alteracao {
  const a: Record<string, unknown> = {};
  const opcoes: Record<string, boolean> = { ...(antes.opcoes ?? {}) };
  const placa: Record<string, unknown> = { ...(antes.placa ?? {}) };
  let mudouOpcoes = false;
  let mudouPlaca = false;
  for (const [campo, valor] of l.valores) {
    const [grupo, nome] = campo.split('.') as [string, string | undefined];
    if (grupo === 'ultimosExames') continue;
    if (grupo === 'opcoes' && nome) {
      mudouOpcoes = true;
      if (valor === null) delete opcoes[nome];
      else opcoes[nome] = valor as boolean;
    } else if (grupo === 'placa' && nome) {
      mudouPlaca = true;
      placa[nome] = entrada.placa?.[nome as keyof NonNullable<Entrada['placa']>] ?? null;
    } else if (campo === 'spie') a.spie = entrada.spie ?? false;
    else if (campo !== 'tag') a[campo] = entrada[campo as keyof Entrada] ?? null;
  }
  if (mudouOpcoes) a.opcoes = opcoes;
  if (mudouPlaca) a.placa = placa;
  return a as Alteracao;
}

// ── Checking the whole sheet ──────────────────────────────────────────────────────────────────

interface Existente {
  id: string;
  tag: string;
  tipo: TipoDeEquipamento;
  categoria: string | null;
}

interface LinhaPlanejada {
  lida: LinhaLida;
  entrada: Entrada;
  acao: 'criar' | 'atualizar' | 'pular';
  existente: Existente | null;
}

interface Analise {
  empresaId: string;
  /** The company's equipment before the import, by TAG key. */
  existentes: Map<string, Existente>;
  previa: PreviaDeEquipamentos;
  planejadas: LinhaPlanejada[];
}

async function empresaDestino(db: DbOrTx, user: SessionUser, pedida: string | undefined): Promise<string> {
  if (user.tipo !== 'admin') {
    // A gestor imports into their own company; naming another is naming what they may not know.
    if (pedida && pedida !== user.empresaId) throw erro('empresaNaoEncontrada');
    return user.empresaId!;
  }
  if (!pedida) throw erro('empresaDoEquipamento');
  const [e] = await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.id, pedida));
  if (!e) throw erro('empresaNaoEncontrada');
  return pedida;
}

/** Reads and checks every row; computes what each valid row will become. Saves nothing. */
async function analisar(
  db: DbOrTx,
  user: SessionUser,
  p: PlanilhaDeEquipamentos,
  hoje: string,
): Promise<Analise> {
  exigirImportador(user, ACAO);
  const empresaId = await empresaDestino(db, user, p.empresaId);
  const planilha = await lerPlanilha(p.nomeArquivo, p.bytes).catch((err: unknown) => {
    // The reader's refusals of a sheet's size speak of laudos: these speak of equipment.
    if (err instanceof AppError && err.message === ERROS.planilhaSemLinhas.message)
      throw erro('planilhaSemEquipamentos');
    if (err instanceof AppError && err.message === ERROS.planilhaComLinhasDemais.message)
      throw erro('planilhaDeEquipamentosGrandeDemais');
    throw err;
  });
  if (planilha.linhas.length > MAX_LINHAS_DE_EQUIPAMENTOS) throw erro('planilhaDeEquipamentosGrandeDemais');
  const porCabecalho = new Map(COLUNAS_DE_EQUIPAMENTOS.map((c) => [chaveDoCabecalho(c.cabecalho), c]));
  const erros: ErroDaLinhaDeEquipamento[] = [];
  const colunas = planilha.colunas.map((cabecalho) => {
    const c = porCabecalho.get(chaveDoCabecalho(cabecalho)) ?? null;
    if (!c) erros.push({ linha: 1, campo: cabecalho, mensagem: MENSAGENS_DE_EQUIPAMENTOS.coluna });
    return c;
  });
  const cabecalhoDe = new Map(COLUNAS_DE_EQUIPAMENTOS.map((c) => [c.campo, c.cabecalho]));
  const temTipo = colunas.some((c) => c?.campo === 'tipo');

  const existentes = new Map(
    (
      await db
        .select({
          id: equipamentos.id,
          tag: equipamentos.tag,
          tipo: equipamentos.tipo,
          categoria: equipamentos.categoria,
        })
        .from(equipamentos)
        .where(eq(equipamentos.empresaId, empresaId))
    ).map((e) => [tagChave(e.tag), e as Existente]),
  );

  const xlsx = ehZip(p.bytes);
  const lidas = planilha.linhas.map((l) => lerLinha(l.linha, l.valores, colunas, hoje, xlsx));
  const primeiraLinha = new Map<string, number>();
  const validasPorTag = new Map<string, LinhaLida>();
  const entradas = new Map<LinhaLida, Entrada>();
  for (const l of lidas) {
    if (!temTipo)
      l.erros.push({ linha: l.linha, campo: 'Tipo', mensagem: MENSAGENS_DE_EQUIPAMENTOS.tipo('') });
    const r = criarEquipamentoEntrada.safeParse(entradaDe(l));
    if (!r.success) {
      for (const issue of r.error.issues) {
        const caminho = issue.path.map(String).join('.');
        if (caminho === 'tipo') continue; // the type's own message is already there
        const campo = cabecalhoDe.get(caminho) ?? cabecalhoDe.get(issue.path.slice(0, 2).join('.')) ?? null;
        l.erros.push({ linha: l.linha, campo, mensagem: issue.message });
      }
    } else entradas.set(l, r.data);
    if (l.tipo)
      for (const exame of Object.keys(r.data?.ultimosExames ?? {}) as ExameDeEquipamento[])
        if (!EXAMES_DO_TIPO[l.tipo].includes(exame))
          l.erros.push({
            linha: l.linha,
            campo: cabecalhoDe.get(`ultimosExames.${exame}`) ?? null,
            mensagem: MENSAGENS_DE_EQUIPAMENTOS.exame(exame, l.tipo),
          });
    if (l.tag) {
      const chave = tagChave(l.tag);
      const antes = primeiraLinha.get(chave);
      if (antes !== undefined)
        l.erros.push({ linha: l.linha, campo: 'TAG', mensagem: MENSAGENS_DE_EQUIPAMENTOS.repetida(antes) });
      else {
        primeiraLinha.set(chave, l.linha);
        validasPorTag.set(chave, l);
      }
      const existente = existentes.get(chave);
      if (existente && l.tipo && existente.tipo !== l.tipo && p.modo === 'atualizar')
        l.erros.push({
          linha: l.linha,
          campo: 'Tipo',
          mensagem: MENSAGENS_DE_EQUIPAMENTOS.outroTipo(existente.tag, existente.tipo),
        });
    }
  }

  // Links: by TAG, to a row of the sheet or an equipment of the company, of a type that fits.
  const tipoDaTag = (tag: string): TipoDeEquipamento | null | undefined => {
    const naPlanilha = validasPorTag.get(tagChave(tag));
    if (naPlanilha) return naPlanilha.tipo;
    return existentes.get(tagChave(tag))?.tipo;
  };
  for (const l of lidas) {
    if (l.protege) {
      const campo = cabecalhoDe.get('protege')!;
      const alvo = tipoDaTag(l.protege);
      if (l.tipo && l.tipo !== 'dispositivo')
        l.erros.push({ linha: l.linha, campo, mensagem: MENSAGENS_DE_EQUIPAMENTOS.soDispositivoProtege });
      else if (tagChave(l.protege) === tagChave(l.tag))
        l.erros.push({ linha: l.linha, campo, mensagem: MENSAGENS_DE_EQUIPAMENTOS.protegeASi });
      else if (alvo === undefined)
        l.erros.push({ linha: l.linha, campo, mensagem: MENSAGENS_DE_EQUIPAMENTOS.naoEncontrada(l.protege) });
      else if (alvo === 'dispositivo')
        l.erros.push({
          linha: l.linha,
          campo,
          mensagem: MENSAGENS_DE_EQUIPAMENTOS.protegeDispositivo(l.protege),
        });
    }
    if (l.conecta.length > 0) {
      const campo = cabecalhoDe.get('conexoes')!;
      if (l.tipo && l.tipo !== 'tubulacao')
        l.erros.push({ linha: l.linha, campo, mensagem: MENSAGENS_DE_EQUIPAMENTOS.soTubulacaoConecta });
      else
        for (const tag of l.conecta) {
          const alvo = tipoDaTag(tag);
          if (alvo === undefined)
            l.erros.push({ linha: l.linha, campo, mensagem: MENSAGENS_DE_EQUIPAMENTOS.naoEncontrada(tag) });
          else if (alvo !== null && alvo !== 'vaso' && alvo !== 'caldeira')
            l.erros.push({ linha: l.linha, campo, mensagem: MENSAGENS_DE_EQUIPAMENTOS.conectaTipo(tag) });
        }
    }
    erros.push(...l.erros);
  }

  const planejadas: LinhaPlanejada[] = lidas
    .filter((l) => l.erros.length === 0 && entradas.has(l))
    .map((l) => {
      const existente = existentes.get(tagChave(l.tag)) ?? null;
      const acao: LinhaPlanejada['acao'] = existente
        ? p.modo === 'atualizar'
          ? 'atualizar'
          : 'pular'
        : 'criar';
      return { lida: l, entrada: entradas.get(l)!, acao, existente };
    })
    .sort((a, b) => ORDEM[a.entrada.tipo] - ORDEM[b.entrada.tipo] || a.lida.linha - b.lida.linha);

  const calculos = await calcularPrevia(db, planejadas, existentes);
  const conta = (acao: string) => planejadas.filter((x) => x.acao === acao).length;
  return {
    empresaId,
    existentes,
    planejadas,
    previa: {
      modo: p.modo,
      total: lidas.length,
      criar: conta('criar'),
      atualizar: conta('atualizar'),
      pular: conta('pular'),
      erros: erros.sort((a, b) => a.linha - b.linha),
      linhas: planejadas
        .map((x) => {
          const c = calculos.get(x);
          return {
            linha: x.lida.linha,
            tag: x.entrada.tag,
            tipo: x.entrada.tipo,
            acao: x.acao,
            categoria: c ? c.categoria : (x.existente?.categoria ?? null),
            classificacao: c ? c.classificacao : 'Já cadastrado: não será alterado.',
            exames: (c?.exames ?? []).map((e) => ({
              exame: e.exame,
              nome: e.exame === 'extraordinaria' ? 'Inspeção extraordinária' : NOMES_DOS_EXAMES[e.exame],
              data: e.data,
              explicacao: e.explicacao,
            })),
          };
        })
        .sort((a, b) => a.linha - b.linha),
    },
  };
}

/**
 * What the registry will compute for each row created or updated, with the domain's rules: in the
 * import's order, so piping and devices follow the intervals of the rows they link to. An update
 * counts the equipment's inspections, extensions and events already recorded.
 */
async function calcularPrevia(
  db: DbOrTx,
  planejadas: LinhaPlanejada[],
  existentes: Map<string, Existente>,
): Promise<Map<LinhaPlanejada, Calculo>> {
  const ativas = planejadas.filter((x) => x.acao !== 'pular');
  const porTag = new Map(ativas.map((x) => [tagChave(x.entrada.tag), x]));
  // The company's equipment linked to but not changed by the sheet: their stored intervals.
  const deFora = new Set<string>();
  for (const x of ativas)
    for (const tag of [x.lida.protege, ...x.lida.conecta])
      if (tag && !porTag.has(tagChave(tag))) {
        const e = existentes.get(tagChave(tag));
        if (e) deFora.add(e.id);
      }
  const ligadosDeFora = await intervalosDe(db, [...deFora]);
  const atualizados = ativas.filter((x) => x.existente).map((x) => x.existente!.id);
  // One after the other: inside the import's transaction they share one connection.
  const vazio = atualizados.length === 0;
  const linhasAntes = vazio
    ? []
    : await db.select().from(equipamentos).where(inArray(equipamentos.id, atualizados));
  const inspecoes = vazio
    ? []
    : await db
        .select()
        .from(equipamentoInspecoes)
        .where(inArray(equipamentoInspecoes.equipamentoId, atualizados));
  const prorrogacoes = vazio
    ? []
    : await db
        .select()
        .from(equipamentoProrrogacoes)
        .where(inArray(equipamentoProrrogacoes.equipamentoId, atualizados));
  const eventos = vazio
    ? []
    : await db
        .select()
        .from(equipamentoEventos)
        .where(inArray(equipamentoEventos.equipamentoId, atualizados));
  const antesPorId = new Map(linhasAntes.map((r) => [r.id, r]));

  const calculos = new Map<LinhaPlanejada, Calculo>();
  const ligadosDaPlanilha = new Map<string, Ligado>();
  const ligado = (tag: string): Ligado | null => {
    const daPlanilha = ligadosDaPlanilha.get(tagChave(tag));
    if (daPlanilha) return daPlanilha;
    const e = existentes.get(tagChave(tag));
    return e ? (ligadosDeFora.get(e.id) ?? null) : null;
  };
  const agora = new Date();
  for (const x of ativas) {
    const antes = x.existente ? antesPorId.get(x.existente.id) : undefined;
    const dados = antes ? { ...antes, ...alteracaoDe(x.lida, antes, x.entrada) } : x.entrada;
    const anteriores = antes ? inspecoes.filter((i) => i.equipamentoId === antes.id) : [];
    const novas = Object.entries(examesNovos(x.entrada, anteriores)).map(([exame, dataFim]) => ({
      tipo: 'registro_anterior',
      exames: [exame],
      dataFim: dataFim as string,
      proximasPlanejadas: {},
      criadoEm: agora,
    }));
    const c = calcular(
      {
        tipo: x.entrada.tipo,
        pressaoOperacaoKpa: dados.pressaoOperacaoKpa ?? null,
        pressaoMaximaKpa: dados.pressaoMaximaKpa ?? null,
        volumeM3: dados.volumeM3 ?? null,
        classeFluido: dados.classeFluido ?? null,
        spie: dados.spie ?? false,
        opcoes: (dados.opcoes ?? {}) as Record<string, boolean>,
        dataInstalacao: dados.dataInstalacao ?? null,
      },
      [...anteriores, ...novas],
      antes ? prorrogacoes.filter((p) => p.equipamentoId === antes.id) : [],
      antes ? eventos.filter((v) => v.equipamentoId === antes.id) : [],
      {
        conexoes: x.lida.conecta.map(ligado).filter((l): l is Ligado => l !== null),
        protegido: x.lida.protege ? ligado(x.lida.protege) : null,
      },
    );
    calculos.set(x, c);
    const intervalos: Ligado['intervalos'] = {};
    for (const e of c.exames) if (e.exame !== 'extraordinaria') intervalos[e.exame] = e.intervaloMeses;
    ligadosDaPlanilha.set(tagChave(x.entrada.tag), { tag: x.entrada.tag, tipo: x.entrada.tipo, intervalos });
  }
  return calculos;
}

/**
 * The sheet's last-exam dates an update records: those later than every inspection of that exam
 * already recorded (an earlier or equal one is already known).
 */
function examesNovos(
  entrada: Entrada,
  anteriores: { exames: string[]; dataFim: string }[],
): Partial<Record<ExameDeEquipamento, string>> {
  const novos: Partial<Record<ExameDeEquipamento, string>> = {};
  for (const [exame, data] of Object.entries(entrada.ultimosExames ?? {}) as [ExameDeEquipamento, string][])
    if (data && !anteriores.some((i) => i.exames.includes(exame) && i.dataFim >= data)) novos[exame] = data;
  return novos;
}

// ── The endpoints ─────────────────────────────────────────────────────────────────────────────

/** POST /api/equipamentos/importacao/previa: every row's errors and what each valid row becomes. */
export async function previaDaPlanilhaDeEquipamentos(
  db: Db,
  user: SessionUser,
  p: PlanilhaDeEquipamentos,
  hoje: string,
): Promise<PreviaDeEquipamentos> {
  return (await analisar(db, user, p, hoje)).previa;
}

export type ResultadoDaImportacao =
  | { ok: true; resultado: ResultadoDeEquipamentos }
  | { ok: false; erros: ErroDaLinhaDeEquipamento[] };

/**
 * POST /api/equipamentos/importacao: checks again; with any error nothing is saved. Otherwise every
 * row is created or updated in one transaction, linked TAGs first.
 */
export async function importarPlanilhaDeEquipamentos(
  db: Db,
  user: SessionUser,
  p: PlanilhaDeEquipamentos,
  hoje: string,
): Promise<ResultadoDaImportacao> {
  let tagAtual = '';
  return db
    .transaction(async (tx) => {
      const { empresaId, existentes, previa, planejadas } = await analisar(tx, user, p, hoje);
      if (previa.erros.length > 0) return { ok: false as const, erros: previa.erros };
      // The analysis read the company's equipment in this transaction: their ids, then the new ones.
      const idDaTag = new Map([...existentes].map(([chave, e]) => [chave, e.id]));
      const ligacoes = (l: LinhaLida) => ({
        ...(l.temProtege ? { protegeId: l.protege ? idDaTag.get(tagChave(l.protege))! : null } : {}),
        ...(l.temConecta ? { conexoes: l.conecta.map((t) => idDaTag.get(tagChave(t))!) } : {}),
      });
      const resultado = { criados: 0, atualizados: 0, pulados: 0 };
      for (const x of planejadas) {
        tagAtual = x.entrada.tag;
        const origem = { importacao: 'planilha', arquivo: p.nomeArquivo.slice(0, 255), linha: x.lida.linha };
        if (x.acao === 'pular') {
          resultado.pulados++;
          continue;
        }
        if (x.acao === 'criar') {
          const id = await inserirEquipamento(
            tx,
            user,
            empresaId,
            { ...x.entrada, ...ligacoes(x.lida) },
            hoje,
            origem,
          );
          idDaTag.set(tagChave(x.entrada.tag), id);
          resultado.criados++;
          continue;
        }
        const [antes] = await tx
          .select()
          .from(equipamentos)
          .where(and(eq(equipamentos.id, x.existente!.id), eq(equipamentos.empresaId, empresaId)))
          .for('update');
        const anteriores = await tx
          .select({ exames: equipamentoInspecoes.exames, dataFim: equipamentoInspecoes.dataFim })
          .from(equipamentoInspecoes)
          .where(eq(equipamentoInspecoes.equipamentoId, antes!.id));
        await registrarExamesAnteriores(tx, user, antes!.id, examesNovos(x.entrada, anteriores));
        const alteracao = { ...alteracaoDe(x.lida, antes!, x.entrada), ...ligacoes(x.lida) };
        await alterarEquipamento(tx, user, antes!, alteracao, origem);
        resultado.atualizados++;
      }
      return { ok: true as const, resultado };
    })
    .catch((err) => tagDuplicada(tagAtual)(err));
}
