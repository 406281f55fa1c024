import { type ServicoKey, servicoPaths } from '../../app/paths';

export type Servico = {
  key: ServicoKey;
  path: string;
  nome: string;
  resumo: string;
};

// Short copy for links and cards; the full service pages come with a later task.
export const servicos: readonly Servico[] = [
  {
    key: 'nr13',
    path: servicoPaths.nr13,
    nome: 'Inspeção NR-13',
    resumo: 'Vasos de pressão, caldeiras e tubulações inspecionados conforme a NR-13.',
  },
  {
    key: 'nr12',
    path: servicoPaths.nr12,
    nome: 'Adequação NR-12',
    resumo: 'Segurança de máquinas e equipamentos: análise de riscos e adequação à NR-12.',
  },
  {
    key: 'elevadores',
    path: servicoPaths.elevadores,
    nome: 'Inspeção de elevadores',
    resumo: 'Inspeção e laudo técnico de elevadores, com acompanhamento da validade.',
  },
  {
    key: 'preditiva',
    path: servicoPaths.preditiva,
    nome: 'Manutenção preditiva',
    resumo: 'Monitoramento de equipamentos para antecipar falhas e planejar paradas.',
  },
  {
    key: 'laudos',
    path: servicoPaths.laudos,
    nome: 'Laudos técnicos',
    resumo: 'Laudos emitidos por engenheiros habilitados, com lembretes antes do vencimento.',
  },
  {
    key: 'consultoria',
    path: servicoPaths.consultoria,
    nome: 'Consultoria especializada',
    resumo: 'Apoio técnico para adequar sua empresa às normas regulamentadoras.',
  },
  {
    key: 'consultoriaElevadores',
    path: servicoPaths.consultoriaElevadores,
    nome: 'Consultoria em elevadores',
    resumo: 'Orientação técnica para manutenção, modernização e conformidade de elevadores.',
  },
];
