/** A laudo as GET /api/laudos answers; override what the test is about. */
export function laudoApi(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = (overrides.id as string | undefined) ?? 'l-1';
  const dataVencimento = (overrides.data_vencimento as string | null | undefined) ?? '2026-12-31';
  return {
    id,
    nome: 'Caldeira 01',
    codigo: 'NR13-001',
    cliente: 'Metalúrgica Souza',
    tipo: 'NR-13',
    observacoes: null,
    status: 'ativo',
    email_cliente: 'maria@metalurgica.com.br',
    data_vencimento: dataVencimento,
    criado_em: '2026-11-01T12:00:00.000Z',
    atualizado_em: '2026-11-01T12:00:00.000Z',
    criado_por: 'u-cliente',
    arquivo_pdf: null,
    arquivo_excel: null,
    arquivo_pdf_url: null,
    arquivo_excel_url: null,
    dataVencimento,
    criadoEm: '2026-11-01T12:00:00.000Z',
    emailCliente: 'maria@metalurgica.com.br',
    criador: { nome: 'Maria Souza', email: 'maria@metalurgica.com.br' },
    vencimento: { status: 'ativo', diasRestantes: 60, diasVencido: 0 },
    ...overrides,
  };
}

export function pagina(laudos: unknown[], total = laudos.length) {
  return { body: { laudos, total, pagina: 1, porPagina: 20 } };
}

export const tipos = {
  body: {
    tipos: [
      { nome: 'NR-13', descricao: 'Vasos de pressão e caldeiras' },
      { nome: 'NR-12', descricao: 'Máquinas e equipamentos' },
    ],
  },
};

export const settingsPublic = {
  body: {
    login: { google: false, microsoft: false },
    features: { fileUpload: true, pdfViewer: true, excelViewer: true, multipleUsers: true },
  },
};
