import type { Equipamento, EquipamentoResumo } from '../api/equipamento';

/** An equipment as the API answers it; override what the test is about. */
export function resumoApi(overrides: Partial<EquipamentoResumo> = {}): EquipamentoResumo {
  return {
    id: 'eq-1',
    empresaId: 'e-metalurgica',
    empresaNome: 'Metalúrgica Souza',
    tipo: 'vaso',
    tag: 'VP-01',
    descricao: 'Vaso de ar comprimido',
    estabelecimento: null,
    localizacao: 'Casa de máquinas',
    categoria: 'III',
    ativo: true,
    proximaData: '2027-03-10',
    situacao: 'em_dia',
    ...overrides,
  };
}

export function equipamentoApi(overrides: Partial<Equipamento> = {}): Equipamento {
  return {
    ...resumoApi(),
    pressaoOperacaoKpa: null,
    pressaoMaximaKpa: 1240,
    volumeM3: 10,
    fluido: 'Óleo',
    classeFluido: 'B',
    spie: false,
    opcoes: {},
    placa: {},
    dataInstalacao: null,
    protegeId: null,
    conexoes: [],
    classificacao: 'Categoria III (classe B, P·V = 12,4 → grupo 3) — NR-13 13.5.1.1.3, Tabela 1',
    exames: [
      {
        exame: 'externo',
        nome: 'Exame externo',
        intervaloMeses: 36,
        ultimaEm: null,
        maxima: null,
        data: null,
        situacao: 'sem_data',
        explicacao: 'Exame externo a cada 3 anos (categoria III, sem SPIE) — NR-13 13.5.4.5, Tabela 2',
        prorrogacao: null,
      },
      {
        exame: 'interno',
        nome: 'Exame interno',
        intervaloMeses: 72,
        ultimaEm: '2024-03-10',
        maxima: '2030-03-10',
        data: '2030-03-10',
        situacao: 'em_dia',
        explicacao:
          'Exame interno a cada 6 anos (categoria III, sem SPIE) — NR-13 13.5.4.5, Tabela 2; desde 10/03/2024',
        prorrogacao: null,
      },
    ],
    inspecoes: [],
    prorrogacoes: [],
    eventos: [],
    documentos: [],
    ...overrides,
  };
}
