import { type ServicoKey, servicoPaths } from '../../lib/paths';

export type PassoSolicitacao = { titulo: string; texto: string };
export type PerguntaFrequente = { pergunta: string; resposta: string };

export type Servico = {
  key: ServicoKey;
  path: string;
  /** Short name, for links, cards and the WhatsApp message. */
  nome: string;
  /** One sentence, for cards. */
  resumo: string;
  /** The page's h1 and <title>. */
  titulo: string;
  /** Meta description: 120 to 155 characters, different on every page. */
  descricao: string;
  intro: readonly string[];
  /** Section headings that change with the kind of service (an inspection, a consultancy...). */
  secoes: { abrange: string; periodicidade: string; entregaveis: string };
  abrange: readonly string[];
  periodicidade: { texto: string; itens: readonly string[]; nota?: string };
  entregaveis: readonly string[];
  comoSolicitar: readonly PassoSolicitacao[];
  perguntas: readonly PerguntaFrequente[];
  /** Only references known to exist; a portaria number only where it is certain. */
  normas: readonly string[];
};

const secoesInspecao = {
  abrange: 'O que a inspeção abrange',
  periodicidade: 'Periodicidade',
  entregaveis: 'O que o laudo entrega',
} as const;

const secoesConsultoria = {
  abrange: 'O que a consultoria abrange',
  periodicidade: 'Quando contratar',
  entregaveis: 'O que a consultoria entrega',
} as const;

const normasElevadores = [
  'ABNT NBR 16083 — Manutenção de elevadores, escadas rolantes e esteiras rolantes: requisitos para instruções de manutenção',
  'ABNT NBR 16858-1 — Elevadores: requisitos de segurança para construção e instalação (elevadores de passageiros e de passageiros e cargas)',
  'ABNT NBR NM 207 — Elevadores elétricos de passageiros: requisitos de segurança para construção e instalação (referência para elevadores instalados na sua vigência)',
  'ABNT NBR NM 313 — Elevadores de passageiros: requisitos particulares para a acessibilidade',
  'Legislação municipal de elevadores (em São Paulo, Lei nº 10.348/1987 e Decreto nº 47.334/2006)',
] as const;

// The copy is written for the maintenance or safety manager who must keep the plant within the NRs:
// what is inspected, how often, what the document says. Intervals appear only where the norm fixes
// them; everything else points to the norm or to the inspection plan.
export const servicos: readonly Servico[] = [
  {
    key: 'nr13',
    path: servicoPaths.nr13,
    nome: 'Inspeção NR-13',
    resumo: 'Caldeiras, vasos de pressão, tubulações e tanques inspecionados conforme a NR-13.',
    titulo: 'Inspeção NR-13 de caldeiras, vasos de pressão, tubulações e tanques',
    descricao:
      'Inspeção de segurança inicial, periódica e extraordinária de caldeiras, vasos de pressão, tubulações e tanques, com relatório assinado por PLH.',
    intro: [
      'A NR-13 exige que caldeiras, vasos de pressão, tubulações e tanques metálicos de armazenamento enquadrados na norma passem por inspeção de segurança inicial, periódica e extraordinária, sob responsabilidade de um Profissional Legalmente Habilitado (PLH). O atraso na inspeção de segurança periódica de caldeiras é uma das situações que a própria norma classifica como risco grave e iminente.',
      'Levantamos a documentação, fazemos os exames externo e interno e os ensaios indicados para cada equipamento e emitimos o relatório de inspeção com a data da próxima inspeção. O relatório fica no portal do cliente, e você recebe avisos por e-mail antes do vencimento.',
    ],
    secoes: secoesInspecao,
    abrange: [
      'Levantamento e enquadramento dos equipamentos: categoria das caldeiras (A ou B) e dos vasos de pressão (I a V), pela classe do fluido e pelo potencial de risco.',
      'Exame externo e exame interno, com os ensaios não destrutivos definidos pelo PLH, como inspeção visual e medição de espessura por ultrassom.',
      'Verificação dos dispositivos de segurança: válvulas de segurança, instrumentos indicadores de pressão e, nas caldeiras, o controle do nível de água.',
      'Conferência da placa de identificação e da indicação da categoria afixada no equipamento.',
      'Análise da documentação: prontuário, registro de segurança, projeto de instalação e projetos de alteração ou reparo.',
      'Tubulações interligadas e tanques metálicos de armazenamento enquadrados na NR-13, conforme o programa de inspeção.',
      'Reconstituição do prontuário sob responsabilidade do PLH, quando ele não existe ou foi extraviado.',
    ],
    periodicidade: {
      texto:
        'A inspeção inicial é feita antes da entrada em operação, no local definitivo. A extraordinária, após dano por acidente ou outra ocorrência, reparo ou alteração que afete a segurança, mudança de local de instalação ou inatividade prolongada. Os prazos da inspeção periódica dependem do tipo e da categoria do equipamento e de o estabelecimento ter ou não SPIE (Serviço Próprio de Inspeção de Equipamentos). Para estabelecimentos sem SPIE, os prazos máximos são:',
      itens: [
        'Caldeiras das categorias A e B: exames interno e externo a cada 12 meses, com prazos maiores só nos casos que a norma prevê.',
        'Vasos de pressão da categoria I: exame externo a cada 1 ano e interno a cada 3 anos.',
        'Vasos de pressão da categoria II: exame externo a cada 2 anos e interno a cada 4 anos.',
        'Vasos de pressão da categoria III: exame externo a cada 3 anos e interno a cada 6 anos.',
        'Vasos de pressão da categoria IV: exame externo a cada 4 anos e interno a cada 8 anos.',
        'Vasos de pressão da categoria V: exame externo a cada 5 anos e interno a cada 10 anos.',
      ],
      nota: 'Tubulações e tanques seguem os prazos do programa de inspeção elaborado pelo PLH, dentro dos limites da NR-13. Em qualquer caso, o vencimento é a data da próxima inspeção indicada no relatório.',
    },
    entregaveis: [
      'Relatório de inspeção com os dados da placa de identificação, a categoria e o tipo do equipamento.',
      'Exames e testes executados, resultados e a relação dos itens da NR-13 não atendidos.',
      'Recomendações e providências necessárias para a segurança do equipamento.',
      'Parecer conclusivo sobre a integridade do equipamento até a próxima inspeção e a data prevista para ela.',
      'Nome, assinatura e número de registro no conselho profissional do PLH, com a ART do serviço.',
      'Anotação da inspeção no registro de segurança do equipamento.',
    ],
    comoSolicitar: [
      {
        titulo: 'Envie a lista de equipamentos',
        texto:
          'Informe tipo, fluido, pressão de operação e volume de cada equipamento, se souber, e a data da última inspeção. Se houver prontuário, envie uma cópia.',
      },
      {
        titulo: 'Receba a proposta',
        texto: 'Com a quantidade e a categoria dos equipamentos, enviamos escopo, prazo e valor.',
      },
      {
        titulo: 'Programe a parada',
        texto:
          'O exame interno exige o equipamento fora de operação, limpo e liberado para acesso. Combinamos a data com a sua manutenção.',
      },
      {
        titulo: 'Receba o relatório no portal',
        texto:
          'O relatório assinado fica na sua área do cliente, com a data da próxima inspeção e lembretes por e-mail antes dela.',
      },
    ],
    perguntas: [
      {
        pergunta: 'O reservatório do meu compressor de ar está na NR-13?',
        resposta:
          'Depende. Reservatórios de ar comprimido são vasos de pressão e entram na NR-13 quando atendem aos critérios do campo de aplicação da norma, como pressão, volume e o produto entre eles. Fazemos esse enquadramento no levantamento e indicamos quais equipamentos ficam fora da norma.',
      },
      {
        pergunta: 'O que acontece se a inspeção da caldeira vencer?',
        resposta:
          'A NR-13 classifica o atraso na inspeção de segurança periódica de caldeiras como risco grave e iminente, situação que pode levar à interdição do equipamento pela fiscalização do trabalho. Programe a inspeção com antecedência: o portal envia lembretes a partir de 90 dias antes do vencimento.',
      },
      {
        pergunta: 'Meu equipamento não tem prontuário. E agora?',
        resposta:
          'O prontuário pode ser reconstituído sob responsabilidade técnica do fabricante ou de um PLH, com levantamento dimensional, identificação dos materiais e determinação da PMTA (Pressão Máxima de Trabalho Admissível). Dizemos o que é preciso depois de ver o equipamento.',
      },
      {
        pergunta: 'O que é SPIE e como ele muda os prazos?',
        resposta:
          'SPIE é o Serviço Próprio de Inspeção de Equipamentos, certificado conforme os requisitos da NR-13. Estabelecimentos com SPIE podem adotar intervalos maiores entre inspeções, dentro dos limites da norma. Sem SPIE, valem os prazos listados nesta página.',
      },
    ],
    normas: [
      'NR-13 — Caldeiras, vasos de pressão, tubulações e tanques metálicos de armazenamento (Portaria MTP nº 1.846/2022)',
      'Lei nº 6.496/1977 — Anotação de Responsabilidade Técnica (ART)',
      'ASME Boiler and Pressure Vessel Code, Seção VIII, Divisão 1 — projeto de vasos de pressão',
      'API 510 (vasos de pressão), API 570 (tubulações) e API 653 (tanques) — códigos de inspeção usados como referência técnica',
    ],
  },
  {
    key: 'nr12',
    path: servicoPaths.nr12,
    nome: 'Adequação NR-12',
    resumo: 'Segurança de máquinas e equipamentos: análise de riscos e adequação à NR-12.',
    titulo: 'Apreciação de riscos e adequação de máquinas à NR-12',
    descricao:
      'Apreciação de riscos de máquinas conforme a NR-12: proteções, intertravamentos, parada de emergência e plano de adequação, com laudo e ART.',
    intro: [
      'A NR-12 define requisitos para que máquinas e equipamentos sejam operados, ajustados, mantidos e limpos com segurança. O ponto de partida é a apreciação de riscos de cada máquina: ela mostra onde o trabalhador pode se ferir e quais medidas reduzem esse risco.',
      'Avaliamos as máquinas no local, em funcionamento, e entregamos um laudo com as não conformidades de cada uma e as medidas para corrigi-las, em ordem de prioridade. Depois das adequações, voltamos para verificar e atualizar o laudo.',
    ],
    secoes: secoesInspecao,
    abrange: [
      'Apreciação de riscos por máquina: identificação dos perigos, estimativa e avaliação do risco, com base na ABNT NBR ISO 12100.',
      'Proteções fixas e móveis: acesso às zonas de perigo, distâncias de segurança e forma de fixação.',
      'Dispositivos de intertravamento e de detecção de presença, como cortinas de luz, e a categoria exigida do sistema de comando relacionado à segurança.',
      'Dispositivos de parada de emergência: quantidade, localização, acionamento e efeito sobre a máquina.',
      'Instalações elétricas da máquina, dispositivos de partida, acionamento e parada e prevenção de partida inesperada.',
      'Sinalização, manual de instruções, procedimentos de trabalho e capacitação de operadores e mantenedores.',
      'Arranjo físico: áreas de circulação, espaço ao redor da máquina e acesso para manutenção.',
    ],
    periodicidade: {
      texto:
        'A NR-12 não fixa prazo de validade para o laudo. A apreciação de riscos deve acompanhar a máquina: refaça-a sempre que algo mudar nela ou no seu uso e mantenha-a coerente com o inventário de riscos do PGR (NR-1). Revise quando houver:',
      itens: [
        'máquina nova, usada ou transferida de local;',
        'modificação, reforma ou troca do sistema de comando;',
        'mudança de processo, de produto ou da forma de operação;',
        'acidente ou quase acidente envolvendo a máquina;',
        'conclusão das adequações, para registrar a nova condição.',
      ],
    },
    entregaveis: [
      'Laudo por máquina, com fotos, perigos identificados e os itens da NR-12 não atendidos.',
      'Avaliação do risco de cada perigo antes e depois das medidas propostas.',
      'Plano de adequação com as medidas de proteção, a categoria de segurança requerida e a prioridade de cada item.',
      'Indicação do que a manutenção pode corrigir e do que exige projeto.',
      'ART do engenheiro responsável.',
      'Laudo em PDF no portal, com a data de revisão e lembretes por e-mail.',
    ],
    comoSolicitar: [
      {
        titulo: 'Envie a lista de máquinas',
        texto:
          'Informe quantas são, o tipo (prensas, injetoras, tornos, transportadores...) e o setor. Fotos ajudam a dimensionar o trabalho.',
      },
      {
        titulo: 'Receba a proposta',
        texto: 'Definimos o escopo por máquina, o prazo da visita e o valor.',
      },
      {
        titulo: 'Avaliação em campo',
        texto:
          'Avaliamos as máquinas em funcionamento, acompanhados por um operador ou por alguém da manutenção.',
      },
      {
        titulo: 'Laudo e plano de adequação',
        texto: 'O laudo fica no portal. Concluídas as adequações, agendamos a verificação.',
      },
    ],
    perguntas: [
      {
        pergunta: 'Máquinas antigas também precisam atender à NR-12?',
        resposta:
          'Sim, a NR-12 vale para as máquinas em uso, não só para as novas. Alguns requisitos se aplicam apenas a máquinas fabricadas a partir de determinadas datas; a apreciação de riscos indica o que vale para cada máquina.',
      },
      {
        pergunta: 'Qual a diferença entre apreciação de riscos e laudo NR-12?',
        resposta:
          'A apreciação de riscos é o método: identificar os perigos, estimar e avaliar os riscos e definir as medidas de redução. O laudo é o documento que registra o resultado para cada máquina, assinado pelo engenheiro responsável e acompanhado de ART.',
      },
      {
        pergunta: 'Uma máquina comprada nova já vem adequada?',
        resposta:
          'O fabricante ou importador deve entregá-la conforme a NR-12, com manual de instruções em português. Ainda assim, a instalação, o arranjo físico e a integração com outras máquinas podem criar riscos novos, por isso vale avaliar a máquina no local de uso.',
      },
      {
        pergunta: 'Vocês executam as adequações?',
        resposta:
          'Nosso trabalho é a avaliação, o plano de adequação e a verificação final. A execução pode ficar com a sua manutenção ou com um fornecedor de sua escolha, seguindo o plano; podemos revisar os projetos das proteções antes da instalação.',
      },
    ],
    normas: [
      'NR-12 — Segurança no trabalho em máquinas e equipamentos',
      'NR-1 — Disposições gerais e gerenciamento de riscos ocupacionais',
      'NR-10 — Segurança em instalações e serviços em eletricidade',
      'ABNT NBR ISO 12100 — Segurança de máquinas: princípios gerais de projeto, apreciação e redução de riscos',
      'ABNT NBR ISO 13849-1 — Segurança de máquinas: partes de sistemas de comando relacionadas à segurança',
      'ABNT NBR 14153 — Segurança de máquinas: partes de sistemas de comando relacionadas à segurança, princípios gerais para projeto',
    ],
  },
  {
    key: 'elevadores',
    path: servicoPaths.elevadores,
    nome: 'Inspeção de elevadores',
    resumo: 'Inspeção e laudo técnico de elevadores, com acompanhamento da validade.',
    titulo: 'Inspeção e laudo técnico de elevadores',
    descricao:
      'Inspeção de elevadores por engenheiro: componentes de segurança, portas, freio e registros de manutenção, com laudo, ART e a validade no portal.',
    intro: [
      'A empresa de manutenção (conservadora) cuida do elevador no dia a dia, mas o proprietário, o síndico ou o gestor do prédio continua responsável pela segurança de quem o usa. Em muitas cidades a lei municipal também exige manutenção por empresa cadastrada e um relatório anual: em São Paulo, o RIA (Relatório de Inspeção Anual).',
      'Nossa inspeção verifica os componentes de segurança, o estado de cada equipamento e se a manutenção segue as instruções de manutenção previstas na ABNT NBR 16083. O laudo indica o que precisa ser corrigido e com que urgência, e fica no portal com a data da próxima inspeção.',
    ],
    secoes: secoesInspecao,
    abrange: [
      'Casa de máquinas ou espaço de máquinas: máquina de tração, freio, quadro de comando, acesso e iluminação.',
      'Freio de segurança e limitador de velocidade.',
      'Caixa e poço: guias, cabos de tração e suas fixações, contrapeso, para-choques e limpeza.',
      'Portas de pavimento: fechos, contatos elétricos e nivelamento da cabina nos andares.',
      'Cabina: porta e seu dispositivo de proteção, botoeiras, iluminação de emergência e comunicação com o exterior.',
      'Registros de manutenção: frequência das visitas, chamados atendidos e peças trocadas.',
      'Acessibilidade e sinalização, conforme a ABNT NBR NM 313, quando aplicável.',
    ],
    periodicidade: {
      texto:
        'A periodicidade é definida pela lei do município onde o elevador está instalado e muda de uma cidade para outra: o prazo, quem emite o relatório e a quem ele é entregue. Verificamos a exigência da sua cidade antes da proposta. Como referência:',
      itens: [
        'Relatório anual nas cidades que o exigem. Em São Paulo, o RIA é emitido pela empresa conservadora cadastrada na Prefeitura, todos os anos.',
        'Manutenção preventiva pela empresa conservadora, na frequência definida no contrato, nas instruções de manutenção e na lei municipal.',
        'Nova inspeção após acidente, modernização ou troca de componentes de segurança.',
      ],
      nota: 'A nossa inspeção não substitui o relatório que a lei atribui à empresa conservadora; ela confere, de forma independente do contrato de manutenção, se o equipamento e a manutenção estão em ordem.',
    },
    entregaveis: [
      'Laudo por elevador, com identificação do equipamento, itens verificados e fotos das não conformidades.',
      'Classificação de cada não conformidade pela urgência, separando o que exige parar o equipamento.',
      'Avaliação dos registros e da qualidade da manutenção.',
      'Recomendações para a empresa conservadora e para o síndico ou gestor.',
      'ART do engenheiro responsável.',
      'Laudo no portal, com a data da próxima inspeção e lembretes por e-mail.',
    ],
    comoSolicitar: [
      {
        titulo: 'Descreva os elevadores',
        texto:
          'Informe a cidade, a quantidade de elevadores, o tipo (passageiros, carga, sem casa de máquinas) e a empresa de manutenção atual.',
      },
      {
        titulo: 'Receba a proposta',
        texto: 'Com a exigência da sua cidade verificada, enviamos escopo, prazo e valor.',
      },
      {
        titulo: 'Agende a inspeção',
        texto:
          'A inspeção é feita com um técnico da conservadora presente, para os testes que exigem operar o equipamento.',
      },
      {
        titulo: 'Receba o laudo no portal',
        texto: 'O laudo fica na sua área do cliente, com a data da próxima inspeção.',
      },
    ],
    perguntas: [
      {
        pergunta: 'A inspeção de vocês substitui o relatório exigido pela prefeitura?',
        resposta:
          'Depende da lei da sua cidade, que define quem pode emitir o relatório. Em São Paulo, o RIA cabe à empresa conservadora cadastrada. Nesses casos, nossa inspeção é uma verificação independente, que confere o estado do elevador e aponta o que falta corrigir.',
      },
      {
        pergunta: 'Por que inspecionar se já temos contrato de manutenção?',
        resposta:
          'Porque a empresa que mantém o elevador avalia o próprio trabalho. Uma inspeção separada mostra se a manutenção prevista no contrato e nas instruções de manutenção está sendo cumprida e dá ao síndico ou gestor uma base técnica para cobrar correções.',
      },
      {
        pergunta: 'É preciso parar o elevador durante a inspeção?',
        resposta:
          'Sim, por parte do tempo: alguns testes e o acesso à caixa e ao poço exigem o elevador fora de serviço. Em prédios com mais de um elevador, inspecionamos um de cada vez.',
      },
    ],
    normas: normasElevadores,
  },
  {
    key: 'preditiva',
    path: servicoPaths.preditiva,
    nome: 'Manutenção preditiva',
    resumo: 'Monitoramento de equipamentos para antecipar falhas e planejar paradas.',
    titulo: 'Manutenção preditiva: vibração, termografia, ultrassom e análise de óleo',
    descricao:
      'Análise de vibração, termografia, ultrassom e análise de óleo para detectar falhas cedo, com relatórios de tendência e recomendações por equipamento.',
    intro: [
      'A manutenção preditiva acompanha a condição dos equipamentos em operação para encontrar defeitos no início, como desbalanceamento, desalinhamento, folgas, falhas de rolamento, aquecimento em conexões elétricas e contaminação do lubrificante, e programar a intervenção antes da quebra.',
      'Fazemos as medições em rotas periódicas e comparamos cada resultado com o histórico do próprio equipamento. O relatório mostra o que mudou, o diagnóstico provável e o que fazer, em ordem de prioridade.',
    ],
    secoes: {
      abrange: 'O que o serviço abrange',
      periodicidade: 'Periodicidade',
      entregaveis: 'O que os relatórios entregam',
    },
    abrange: [
      'Análise de vibração em motores, bombas, ventiladores, compressores, redutores e outras máquinas rotativas, com espectro, forma de onda e envelope para rolamentos.',
      'Termografia em painéis elétricos, conexões, motores, mancais e isolamentos térmicos.',
      'Ultrassom para vazamentos de ar comprimido, gases e vapor, purgadores, lubrificação de rolamentos e descargas elétricas.',
      'Análise de óleo lubrificante e hidráulico em laboratório: viscosidade, água, partículas, metais de desgaste e degradação.',
      'Cadastro dos pontos de medição, definição das rotas e dos limites de alarme por equipamento.',
      'Medição de confirmação depois das intervenções, para verificar se o defeito foi corrigido.',
    ],
    periodicidade: {
      texto:
        'Não há prazo legal: a frequência depende da criticidade do equipamento e da velocidade com que a falha costuma evoluir. Pontos de partida comuns, ajustados ao histórico da sua planta:',
      itens: [
        'Vibração: mensal nos equipamentos críticos; bimestral ou trimestral nos demais.',
        'Termografia em painéis e instalações elétricas: semestral ou anual, e depois de mudanças de carga.',
        'Análise de óleo: trimestral ou semestral, conforme o volume de óleo e a criticidade.',
        'Depois de uma anomalia: nova medição em intervalo menor, até a correção.',
      ],
    },
    entregaveis: [
      'Relatório por rota, com a condição de cada equipamento: normal, alerta ou crítica.',
      'Gráficos de tendência por ponto de medição, comparados com as medições anteriores e os limites de alarme.',
      'Diagnóstico provável de cada anomalia, com espectros de vibração e imagens térmicas.',
      'Recomendações com prioridade e prazo sugerido para a intervenção.',
      'Relatórios no portal, organizados por equipamento, com a data da próxima rota.',
    ],
    comoSolicitar: [
      {
        titulo: 'Liste os equipamentos',
        texto:
          'Envie a lista de equipamentos e diga quais são críticos para a produção. Se já houver histórico de medições, ele pode ser aproveitado.',
      },
      {
        titulo: 'Definimos rotas e técnicas',
        texto: 'Indicamos a técnica e a frequência para cada equipamento e enviamos a proposta.',
      },
      {
        titulo: 'Primeira medição',
        texto: 'A primeira rota estabelece a referência de cada ponto; as tendências partem dela.',
      },
      {
        titulo: 'Relatório a cada rota',
        texto: 'Cada relatório fica no portal, com a data da próxima rota.',
      },
    ],
    perguntas: [
      {
        pergunta: 'É preciso parar os equipamentos para as medições?',
        resposta:
          'Em geral, não. Vibração, termografia e ultrassom são feitos com o equipamento em operação, de preferência em carga normal. A coleta de óleo é feita em operação ou logo após a parada, conforme o ponto de amostragem.',
      },
      {
        pergunta: 'Qual técnica usar em cada equipamento?',
        resposta:
          'Máquinas rotativas: vibração, com análise de óleo em redutores e sistemas hidráulicos. Painéis e conexões elétricas: termografia. Vazamentos de ar comprimido e vapor: ultrassom. A combinação para cada equipamento vem definida na proposta.',
      },
      {
        pergunta: 'A manutenção preditiva substitui a inspeção da NR-13?',
        resposta:
          'Não. A inspeção de segurança da NR-13 é obrigatória e segue os prazos da norma. A preditiva complementa a gestão dos equipamentos, e alguns resultados podem servir de informação para o PLH na inspeção.',
      },
      {
        pergunta: 'Vocês aproveitam o histórico que já temos?',
        resposta:
          'Sim, se as medições tiverem data, ponto de medição e parâmetros de coleta identificados. Caso contrário, a primeira rota passa a ser a nova referência.',
      },
    ],
    normas: [
      'ISO 17359 — Monitoramento de condição e diagnóstico de máquinas: diretrizes gerais',
      'Série ISO 20816 — Medição e avaliação da vibração de máquinas',
      'ABNT NBR 15572 — Ensaios não destrutivos, termografia: guia para inspeção de equipamentos elétricos e mecânicos',
      'ISO 4406 — Código de contaminação de fluidos hidráulicos por partículas sólidas',
      'NR-10 — Segurança em instalações e serviços em eletricidade (termografia em painéis energizados)',
    ],
  },
  {
    key: 'laudos',
    path: servicoPaths.laudos,
    nome: 'Laudos técnicos',
    resumo: 'Laudos emitidos por engenheiros habilitados, com lembretes antes do vencimento.',
    titulo: 'Laudos técnicos com controle de vencimento',
    descricao:
      'Laudos NR-13, NR-12, de elevadores e de manutenção preditiva com ART, guardados no portal com a data de vencimento e lembretes por e-mail.',
    intro: [
      'Quase todo laudo tem prazo: o relatório de inspeção NR-13 traz a data da próxima inspeção, muitas cidades exigem relatório anual de elevadores, e a apreciação de riscos da NR-12 precisa ser revista quando a máquina muda. Perder um desses prazos pode significar equipamento parado ou autuação.',
      'Os laudos que emitimos ficam no portal do cliente, com a data de vencimento. O portal envia lembretes por e-mail 90, 60, 30, 15, 7, 3 e 1 dia antes do vencimento e avisos depois que ele passa.',
    ],
    secoes: {
      abrange: 'Quais laudos emitimos',
      periodicidade: 'Vencimentos e lembretes',
      entregaveis: 'O que você recebe',
    },
    abrange: [
      'Relatórios de inspeção de caldeiras, vasos de pressão, tubulações e tanques metálicos de armazenamento (NR-13).',
      'Laudos de apreciação de riscos e adequação de máquinas e equipamentos (NR-12).',
      'Laudos de inspeção de elevadores.',
      'Relatórios de manutenção preditiva: vibração, termografia, ultrassom e análise de óleo.',
      'Pareceres técnicos de consultoria, com ART.',
    ],
    periodicidade: {
      texto:
        'O vencimento é a data registrada no próprio laudo, como a data da próxima inspeção no relatório NR-13, e é cadastrado no portal junto com o arquivo. Os lembretes vão para o e-mail de contato cadastrado no laudo:',
      itens: [
        '90, 60, 30, 15, 7, 3 e 1 dia antes do vencimento;',
        'no dia do vencimento;',
        'em intervalos depois do vencimento, enquanto o laudo não for renovado.',
      ],
      nota: 'Os lembretes são um apoio: a obrigação de manter as inspeções em dia continua sendo da empresa responsável pelo equipamento.',
    },
    entregaveis: [
      'Laudo em PDF assinado pelo engenheiro responsável, com ART.',
      'Acesso ao portal para consultar e baixar os laudos da sua empresa a qualquer momento.',
      'Lista de vencimentos, com o que vence em breve e o que já venceu.',
      'Lembretes por e-mail antes e depois de cada vencimento.',
      'Acesso restrito por conta: cada cliente vê apenas os laudos da própria empresa.',
    ],
    comoSolicitar: [
      {
        titulo: 'Diga o que precisa',
        texto: 'Informe os equipamentos ou as máquinas e o tipo de laudo.',
      },
      {
        titulo: 'Proposta e agendamento',
        texto: 'Enviamos escopo, prazo e valor e combinamos a data da visita.',
      },
      {
        titulo: 'Inspeção e emissão',
        texto: 'Fazemos a inspeção e emitimos o laudo assinado, com ART.',
      },
      {
        titulo: 'Acesso ao portal',
        texto: 'Você recebe o acesso ao portal, onde o laudo fica com a data de vencimento.',
      },
    ],
    perguntas: [
      {
        pergunta: 'Posso cadastrar no portal laudos emitidos por outra empresa?',
        resposta:
          'Sim. Na área do cliente você cadastra o laudo com a data de vencimento e o arquivo, dentro do limite do seu plano, e ele passa a receber os mesmos lembretes.',
      },
      {
        pergunta: 'Os lembretes garantem que nenhum prazo será perdido?',
        resposta:
          'Não. Um e-mail pode não chegar por filtro de spam, caixa cheia ou endereço desatualizado, e a falta de um lembrete não prorroga nenhum prazo legal. Mantenha os e-mails de contato atualizados e confira a lista de vencimentos no portal.',
      },
      {
        pergunta: 'Por quanto tempo os laudos ficam no portal?',
        resposta:
          'Enquanto a conta da sua empresa estiver ativa. Recomendamos guardar também uma cópia nos arquivos da empresa, junto com o prontuário ou a documentação do equipamento.',
      },
    ],
    normas: [
      'NR-13 — Caldeiras, vasos de pressão, tubulações e tanques metálicos de armazenamento (Portaria MTP nº 1.846/2022)',
      'NR-12 — Segurança no trabalho em máquinas e equipamentos',
      'Lei nº 6.496/1977 — Anotação de Responsabilidade Técnica (ART)',
      'Legislação municipal de elevadores',
    ],
  },
  {
    key: 'consultoria',
    path: servicoPaths.consultoria,
    nome: 'Consultoria especializada',
    resumo: 'Apoio técnico para adequar sua empresa às normas regulamentadoras.',
    titulo: 'Consultoria para adequação às normas regulamentadoras',
    descricao:
      'Diagnóstico de conformidade com a NR-13, a NR-12 e a NR-1, plano de ação priorizado pelo risco, apoio na execução e treinamento das equipes.',
    intro: [
      'Para quem precisa saber onde a empresa está em relação às NRs e o que fazer primeiro. Começamos com um diagnóstico (gap analysis) que compara a situação da planta com os requisitos das normas, item a item, e transformamos as lacunas em um plano de ação com responsáveis, prazos e prioridade definida pelo risco.',
      'Depois acompanhamos a execução, revisamos projetos e procedimentos e treinamos as equipes de operação e manutenção.',
    ],
    secoes: secoesConsultoria,
    abrange: [
      'Diagnóstico de conformidade com a NR-13, a NR-12 e o gerenciamento de riscos ocupacionais da NR-1.',
      'Inventário de equipamentos e máquinas, com o enquadramento na NR-13 e a priorização pelo risco.',
      'Plano de ação com responsáveis, prazos e estimativa de esforço para cada item.',
      'Elaboração e revisão de procedimentos de operação, manutenção e bloqueio de energias, e da gestão de prontuários e registros de segurança.',
      'Treinamentos de segurança na operação de caldeiras e de unidades de processo (NR-13) e capacitação de operadores de máquinas (NR-12).',
      'Apoio técnico na resposta a notificações da fiscalização do trabalho.',
      'Acompanhamento periódico da execução do plano.',
    ],
    periodicidade: {
      texto:
        'A consultoria é contratada por projeto ou como acompanhamento contínuo. Situações em que ela costuma ser chamada:',
      itens: [
        'antes de uma fiscalização ou auditoria, ou depois de uma notificação;',
        'na implantação de uma planta, linha ou equipamento novo;',
        'quando o inventário de equipamentos ou a documentação da NR-13 está incompleto;',
        'na revisão do PGR (NR-1), para incluir os riscos de máquinas e de equipamentos sob pressão;',
        'depois de um acidente ou quase acidente.',
      ],
    },
    entregaveis: [
      'Relatório de diagnóstico com cada requisito avaliado e a evidência encontrada.',
      'Plano de ação priorizado, em planilha, para acompanhar a execução.',
      'Procedimentos e documentos elaborados ou revisados.',
      'Material, lista de presença e certificados dos treinamentos, conforme a NR-1.',
      'Relatórios de acompanhamento com o andamento do plano.',
    ],
    comoSolicitar: [
      {
        titulo: 'Conte o contexto',
        texto:
          'Diga quais normas preocupam, o porte da planta e o que motivou o contato: uma notificação, um projeto novo, uma auditoria.',
      },
      {
        titulo: 'Reunião de escopo',
        texto: 'Em uma conversa, definimos o que será avaliado e o que fica fora.',
      },
      {
        titulo: 'Receba a proposta',
        texto: 'Enviamos escopo, etapas, prazo e valor.',
      },
      {
        titulo: 'Diagnóstico em campo',
        texto: 'Fazemos o diagnóstico no local; o relatório e o plano de ação ficam no portal.',
      },
    ],
    perguntas: [
      {
        pergunta: 'A consultoria garante que não serei autuado?',
        resposta:
          'Não. Nenhuma consultoria pode garantir o resultado de uma fiscalização. Entregamos o diagnóstico técnico e o plano para cumprir os requisitos; executar o plano e manter a conformidade cabe à empresa.',
      },
      {
        pergunta: 'Vocês atendem outras NRs além da NR-12 e da NR-13?',
        resposta:
          'O foco é a NR-13, a NR-12 e o gerenciamento de riscos da NR-1 ligado a esses equipamentos. Se o seu pedido envolver outros temas, informe no contato: dizemos com clareza o que está no nosso escopo.',
      },
      {
        pergunta: 'Os treinamentos podem ser feitos na nossa planta?',
        resposta:
          'Podem, e a parte prática aproveita os equipamentos do próprio local. Conteúdo e carga horária seguem a norma aplicável a cada treinamento.',
      },
    ],
    normas: [
      'NR-1 — Disposições gerais e gerenciamento de riscos ocupacionais',
      'NR-12 — Segurança no trabalho em máquinas e equipamentos',
      'NR-13 — Caldeiras, vasos de pressão, tubulações e tanques metálicos de armazenamento (Portaria MTP nº 1.846/2022)',
    ],
  },
  {
    key: 'consultoriaElevadores',
    path: servicoPaths.consultoriaElevadores,
    nome: 'Consultoria em elevadores',
    resumo: 'Orientação técnica para manutenção, modernização e conformidade de elevadores.',
    titulo: 'Consultoria em elevadores: modernização, contratos e obras',
    descricao:
      'Consultoria para síndicos e gestores: modernização de elevadores, contratos de manutenção, adequação às normas ABNT e acompanhamento de obras.',
    intro: [
      'Para síndicos, administradoras e gestores de prédios que precisam decidir sobre elevadores com uma avaliação técnica própria: modernizar ou só manter, o que exigir no contrato de manutenção, se a obra foi entregue como contratada.',
      'Avaliamos o estado dos equipamentos, escrevemos o escopo técnico para cotação, comparamos as propostas e acompanhamos a execução até a entrega.',
    ],
    secoes: secoesConsultoria,
    abrange: [
      'Diagnóstico dos elevadores existentes: estado dos componentes, obsolescência, disponibilidade de peças e histórico de chamados.',
      'Estudo de modernização: o que trocar (comando, máquina de tração, portas, cabina), em que ordem e com que impacto no uso do prédio.',
      'Escopo técnico para cotação e comparação técnica das propostas recebidas.',
      'Análise do contrato de manutenção: escopo, peças incluídas, prazos de atendimento, resgate de passageiros e relatórios.',
      'Adequação às normas ABNT aplicáveis e à legislação municipal, incluindo acessibilidade.',
      'Acompanhamento de obras de instalação ou modernização e verificação na entrega.',
    ],
    periodicidade: {
      texto:
        'A consultoria pode ser pontual ou acompanhar uma obra do início ao fim. Situações em que ela costuma ser chamada:',
      itens: [
        'elevadores com paradas frequentes ou peças difíceis de encontrar;',
        'renovação ou troca do contrato de manutenção;',
        'orçamentos de modernização com escopos ou valores muito diferentes entre si;',
        'obra de instalação ou modernização em andamento;',
        'exigência da prefeitura ou laudo com itens a corrigir.',
      ],
    },
    entregaveis: [
      'Relatório de diagnóstico por elevador, com fotos e prioridades.',
      'Escopo técnico para cotação e quadro comparativo das propostas.',
      'Parecer sobre o contrato de manutenção, com os pontos a negociar.',
      'Relatórios de visita durante a obra e lista de pendências na entrega.',
      'Parecer final com ART.',
    ],
    comoSolicitar: [
      {
        titulo: 'Descreva o prédio',
        texto:
          'Informe a cidade, o número de elevadores, a idade aproximada, o fabricante e a empresa de manutenção atual.',
      },
      {
        titulo: 'Visita técnica',
        texto: 'Vemos os equipamentos e os documentos disponíveis: contrato, relatórios e orçamentos.',
      },
      {
        titulo: 'Receba a proposta',
        texto: 'Enviamos escopo, etapas, prazo e valor.',
      },
      {
        titulo: 'Relatórios no portal',
        texto: 'Diagnóstico, pareceres e relatórios de obra ficam na sua área do cliente.',
      },
    ],
    perguntas: [
      {
        pergunta: 'Vale mais modernizar ou trocar o elevador inteiro?',
        resposta:
          'Depende do estado da caixa, das guias, da máquina e da estrutura, e de quanto tempo o prédio pode ficar sem o elevador. O diagnóstico compara as alternativas com o mesmo escopo, para que os orçamentos possam ser comparados entre si.',
      },
      {
        pergunta: 'O que um contrato de manutenção deve prever?',
        resposta:
          'No mínimo: a frequência das visitas preventivas, o prazo de atendimento a chamados e ao resgate de passageiros, as peças incluídas, o cumprimento das instruções de manutenção (ABNT NBR 16083) e a emissão dos relatórios que o município exige.',
      },
      {
        pergunta: 'A consultoria inclui um laudo de inspeção?',
        resposta:
          'O diagnóstico inclui uma vistoria técnica. Se você precisa de um laudo de inspeção com ART para atender a uma exigência, contrate também a inspeção de elevadores; as duas podem ser feitas na mesma visita.',
      },
    ],
    normas: normasElevadores,
  },
];
