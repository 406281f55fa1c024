import type { EmailTemplateType } from '@laudos/domain';

/**
 * The e-mail templates the product ships with (pt-BR). Admins may edit them later; these are the
 * defaults seeded on first start and restored by "restaurar padrão".
 *
 * `html` is the inner content only: the rendering engine wraps it in the shared layout (header with
 * the firm's logo, 600 px container, footer with contact details and copyright). `text` is the same
 * message in plain text; the engine appends the plain-text footer.
 *
 * Every template uses only the variables its type allows (see `allowedTemplateVariables`).
 */
export interface DefaultEmailTemplate {
  type: EmailTemplateType;
  /** pt-BR display name for the admin list. */
  name: string;
  /** Liquid, single line. */
  subject: string;
  /** Liquid: the inner HTML content only. */
  html: string;
  /** Liquid: plain-text version of the same message. */
  text: string;
  urgencyLevel: 'info' | 'normal' | 'atencao' | 'urgente' | 'critico';
  /** For vencimento_N: N; else null. */
  daysBefore: number | null;
  /** For vencido_N: N; else null. */
  daysAfter: number | null;
}

// ---------------------------------------------------------------------------------------------
// HTML building blocks (e-mail-client-safe: tables, inline styles, px sizes, no images or classes)
// ---------------------------------------------------------------------------------------------

type Level = DefaultEmailTemplate['urgencyLevel'];

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const P_STYLE = `margin:0 0 16px;${FONT}font-size:15px;line-height:24px;color:#1f2937;`;
const SMALL_STYLE = `margin:0 0 16px;${FONT}font-size:13px;line-height:20px;color:#4b5563;`;
const H2_STYLE = `margin:24px 0 8px;${FONT}font-size:16px;line-height:22px;font-weight:bold;color:#111827;`;
/** Fixed dark link colour: readable on white whatever brand colour the firm chooses. */
const LINK_STYLE = 'color:#075985;text-decoration:underline;';
const MONO_STYLE =
  "font-family:'Courier New',Courier,monospace;font-size:16px;font-weight:bold;color:#111827;background:#ffffff;border:1px solid #d1d5db;border-radius:4px;padding:2px 8px;letter-spacing:1px;";

const CALLOUT_COLORS: Record<Level, { bg: string; border: string; fg: string }> = {
  info: { bg: '#eff6ff', border: '#2563eb', fg: '#1e3a8a' },
  normal: { bg: '#f0f9ff', border: '#0284c7', fg: '#0c4a6e' },
  atencao: { bg: '#fffbeb', border: '#d97706', fg: '#78350f' },
  urgente: { bg: '#fff7ed', border: '#ea580c', fg: '#7c2d12' },
  critico: { bg: '#fef2f2', border: '#dc2626', fg: '#7f1d1d' },
};

const p = (content: string): string => `<p style="${P_STYLE}">${content}</p>`;
const small = (content: string): string => `<p style="${SMALL_STYLE}">${content}</p>`;
const h2 = (content: string): string => `<h2 style="${H2_STYLE}">${content}</h2>`;
const link = (href: string, label: string): string => `<a href="${href}" style="${LINK_STYLE}">${label}</a>`;

function callout(level: Level, content: string): string {
  const c = CALLOUT_COLORS[level];
  return [
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;">',
    `  <tr><td style="padding:14px 16px;background:${c.bg};border-left:4px solid ${c.border};${FONT}font-size:15px;line-height:22px;color:${c.fg};">${content}</td></tr>`,
    '</table>',
  ].join('\n');
}

function button(label: string, href: string): string {
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">',
    `  <tr><td style="border-radius:6px;background:{{ cor_primaria }};"><a href="${href}" style="background:{{ cor_primaria }};color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold;display:inline-block;${FONT}font-size:15px;line-height:20px;">${label}</a></td></tr>`,
    '</table>',
  ].join('\n');
}

type Row = readonly [label: string, value: string];

function detailsTable(rows: readonly Row[]): string {
  const cell = `padding:8px 12px;border:1px solid #e5e7eb;${FONT}font-size:14px;line-height:20px;`;
  return [
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 20px;">',
    ...rows.map(
      ([label, value]) =>
        `  <tr><td width="35%" style="${cell}background:#f9fafb;color:#4b5563;">${label}</td><td style="${cell}color:#111827;font-weight:bold;">${value}</td></tr>`,
    ),
    '</table>',
  ].join('\n');
}

const textRows = (rows: readonly Row[]): string =>
  rows.map(([label, value]) => `${label}: ${value}`).join('\n');

// ---------------------------------------------------------------------------------------------
// Laudo e-mails (created, expiring, expired)
// ---------------------------------------------------------------------------------------------

const LAUDO_GREETING = "Prezado(a) {{ cliente_nome | default: 'cliente' }},";
const CLOSING_HTML = p('Atenciosamente,<br>Equipe {{ empresa_nome }}');
const CLOSING_TEXT = 'Atenciosamente,\nEquipe {{ empresa_nome }}';
const LAUDO_BUTTON = button('Ver laudo no portal', '{{ laudo_url }}');
const LAUDO_LINK_TEXT = 'Ver laudo no portal: {{ laudo_url }}';

const laudoRows = (extra: readonly Row[] = []): Row[] => [
  ['Laudo', '{{ laudo_nome }}'],
  ['Código', '{{ laudo_codigo }}'],
  ['Tipo', "{{ laudo_tipo | default: 'Não informado' }}"],
  ['Empresa', "{{ cliente_empresa | default: 'Não informado' }}"],
  ['Vencimento', '{{ laudo_vencimento }}'],
  ...extra,
];

/** "Para agendar…, responda a este e-mail ou fale conosco…" with the firm's contact channels. */
function contactHtml(lead: string): string {
  return p(
    `${lead} responda a este e-mail ou fale conosco pelo e-mail ${link('mailto:{{ empresa_email }}', '{{ empresa_email }}')}` +
      '{% if empresa_telefone != blank %}, pelo telefone {{ empresa_telefone }}{% endif %}' +
      ` ou pelo ${link('https://wa.me/{{ empresa_whatsapp }}', 'WhatsApp')}.`,
  );
}

function contactText(lead: string): string {
  return [
    `${lead} responda a este e-mail ou fale conosco:`,
    '- E-mail: {{ empresa_email }}',
    '{% if empresa_telefone != blank %}- Telefone: {{ empresa_telefone }}\n{% endif %}- WhatsApp: https://wa.me/{{ empresa_whatsapp }}',
  ].join('\n');
}

const RISK = 'Laudos vencidos podem gerar autuações e interdição de equipamentos.';
const ALREADY_RENEWED_BEFORE =
  'Se a nova inspeção já foi realizada e o laudo renovado, atualize a data de vencimento no portal para deixar de receber estes lembretes.';
const ALREADY_RENEWED_AFTER =
  'Se você já renovou este laudo, desconsidere esta mensagem e atualize a data no portal.';

interface LaudoCopy {
  /** Opening statement; shown in a coloured box when `calloutLevel` is set, else as a paragraph. */
  lead: string;
  leadText: string;
  calloutLevel?: Level;
  /** Why it matters and what to do (one or more paragraphs, same text in HTML and plain text). */
  body: readonly string[];
  contactLead: string;
  extraRows?: readonly Row[];
  note: string;
}

function laudoHtml(copy: LaudoCopy): string {
  return [
    p(LAUDO_GREETING),
    copy.calloutLevel ? callout(copy.calloutLevel, copy.lead) : p(copy.lead),
    detailsTable(laudoRows(copy.extraRows)),
    ...copy.body.map(p),
    contactHtml(copy.contactLead),
    LAUDO_BUTTON,
    small(copy.note),
    CLOSING_HTML,
  ].join('\n');
}

function laudoText(copy: LaudoCopy): string {
  return [
    LAUDO_GREETING,
    copy.leadText,
    textRows(laudoRows(copy.extraRows)),
    ...copy.body,
    contactText(copy.contactLead),
    LAUDO_LINK_TEXT,
    copy.note,
    CLOSING_TEXT,
  ].join('\n\n');
}

const laudoCriado: DefaultEmailTemplate = {
  type: 'laudo_criado',
  name: 'Laudo criado',
  subject: 'Novo Laudo Criado: {{ laudo_nome }}',
  html: [
    p(LAUDO_GREETING),
    p('Um novo laudo foi cadastrado e já está disponível para consulta no portal.'),
    detailsTable([
      ['Laudo', '{{ laudo_nome }}'],
      ['Código', '{{ laudo_codigo }}'],
      ['Tipo', "{{ laudo_tipo | default: 'Não informado' }}"],
      ['Empresa', "{{ cliente_empresa | default: 'Não informado' }}"],
      ['Vencimento', "{{ laudo_vencimento | default: 'Não informado' }}"],
    ]),
    LAUDO_BUTTON,
    p(
      'Você receberá lembretes por e-mail antes do vencimento deste laudo, para programar a próxima inspeção com antecedência.',
    ),
    p(
      `Em caso de dúvidas sobre o laudo, responda a este e-mail ou fale conosco pelo e-mail ${link('mailto:{{ empresa_email }}', '{{ empresa_email }}')}{% if empresa_telefone != blank %} ou pelo telefone {{ empresa_telefone }}{% endif %}.`,
    ),
    CLOSING_HTML,
  ].join('\n'),
  text: [
    LAUDO_GREETING,
    'Um novo laudo foi cadastrado e já está disponível para consulta no portal.',
    textRows([
      ['Laudo', '{{ laudo_nome }}'],
      ['Código', '{{ laudo_codigo }}'],
      ['Tipo', "{{ laudo_tipo | default: 'Não informado' }}"],
      ['Empresa', "{{ cliente_empresa | default: 'Não informado' }}"],
      ['Vencimento', "{{ laudo_vencimento | default: 'Não informado' }}"],
    ]),
    LAUDO_LINK_TEXT,
    'Você receberá lembretes por e-mail antes do vencimento deste laudo, para programar a próxima inspeção com antecedência.',
    'Em caso de dúvidas sobre o laudo, responda a este e-mail ou fale conosco pelo e-mail {{ empresa_email }}{% if empresa_telefone != blank %} ou pelo telefone {{ empresa_telefone }}{% endif %}.',
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'info',
  daysBefore: null,
  daysAfter: null,
};

function vencimento(
  days: 90 | 60 | 30 | 15 | 7 | 3 | 1,
  name: string,
  subject: string,
  urgencyLevel: Level,
  copy: Omit<LaudoCopy, 'note'>,
): DefaultEmailTemplate {
  const full: LaudoCopy = { ...copy, note: ALREADY_RENEWED_BEFORE };
  return {
    type: `vencimento_${days}`,
    name,
    subject,
    html: laudoHtml(full),
    text: laudoText(full),
    urgencyLevel,
    daysBefore: days,
    daysAfter: null,
  };
}

function vencido(
  days: 0 | 7 | 30 | 60 | 90 | 180 | 365,
  name: string,
  subject: string,
  urgencyLevel: Level,
  copy: Omit<LaudoCopy, 'note'> & { note?: string },
): DefaultEmailTemplate {
  const full: LaudoCopy = { ...copy, note: copy.note ?? ALREADY_RENEWED_AFTER };
  return {
    type: `vencido_${days}`,
    name,
    subject,
    html: laudoHtml(full),
    text: laudoText(full),
    urgencyLevel,
    daysBefore: null,
    daysAfter: days,
  };
}

const SITUACAO_VENCIDO: Row = ['Situação', 'Vencido há {{ dias_vencido }} dias'];

const laudoTemplates: DefaultEmailTemplate[] = [
  vencimento(90, 'Vence em 90 dias', '📅 Laudo vence em 90 dias: {{ laudo_nome }}', 'info', {
    lead: 'Este é um aviso de planejamento: o laudo abaixo vence em {{ dias_para_vencer }} dias, em {{ laudo_vencimento }}.',
    leadText:
      'Este é um aviso de planejamento: o laudo abaixo vence em {{ dias_para_vencer }} dias, em {{ laudo_vencimento }}.',
    body: [
      `Programar a próxima inspeção com antecedência permite escolher a data mais conveniente e conciliá-la com a programação de produção e de manutenção. ${RISK}`,
    ],
    contactLead: 'Para programar a nova inspeção,',
  }),
  vencimento(60, 'Vence em 60 dias', '📅 Laudo vence em 60 dias: {{ laudo_nome }}', 'normal', {
    lead: 'Faltam {{ dias_para_vencer }} dias para o vencimento do laudo abaixo, previsto para {{ laudo_vencimento }}.',
    leadText:
      'Faltam {{ dias_para_vencer }} dias para o vencimento do laudo abaixo, previsto para {{ laudo_vencimento }}.',
    body: [
      `Recomendamos agendar a nova inspeção nas próximas semanas, para que o laudo seja renovado antes do vencimento. ${RISK}`,
    ],
    contactLead: 'Para agendar a nova inspeção,',
  }),
  vencimento(30, 'Vence em 30 dias', '⚠️ Laudo vence em 30 dias: {{ laudo_nome }}', 'atencao', {
    calloutLevel: 'atencao',
    lead: '<strong>Atenção:</strong> este laudo vence em {{ dias_para_vencer }} dias, em {{ laudo_vencimento }}.',
    leadText: 'ATENÇÃO: este laudo vence em {{ dias_para_vencer }} dias, em {{ laudo_vencimento }}.',
    body: [`Agende agora a nova inspeção para garantir a renovação do laudo dentro do prazo. ${RISK}`],
    contactLead: 'Para agendar a nova inspeção,',
  }),
  vencimento(15, 'Vence em 15 dias', '⚠️ Laudo vence em 15 dias: {{ laudo_nome }}', 'atencao', {
    calloutLevel: 'atencao',
    lead: '<strong>Atenção:</strong> faltam {{ dias_para_vencer }} dias para o vencimento deste laudo, em {{ laudo_vencimento }}.',
    leadText:
      'ATENÇÃO: faltam {{ dias_para_vencer }} dias para o vencimento deste laudo, em {{ laudo_vencimento }}.',
    body: [
      `Se a nova inspeção ainda não foi agendada, recomendamos fazê-lo nesta semana, para que haja tempo de realizar a inspeção e emitir o novo laudo antes do vencimento. ${RISK}`,
    ],
    contactLead: 'Para agendar a nova inspeção,',
  }),
  vencimento(7, 'Vence em 7 dias', '🚨 URGENTE: Laudo vence em 7 dias: {{ laudo_nome }}', 'urgente', {
    calloutLevel: 'urgente',
    lead: '<strong>Urgente:</strong> este laudo vence em {{ dias_para_vencer }} dias, em {{ laudo_vencimento }}.',
    leadText: 'URGENTE: este laudo vence em {{ dias_para_vencer }} dias, em {{ laudo_vencimento }}.',
    body: [
      'Se a nova inspeção ainda não foi agendada, entre em contato conosco hoje. Após o vencimento, o equipamento passa a operar sem inspeção válida, o que pode gerar autuações e interdição.',
    ],
    contactLead: 'Para agendar com prioridade,',
  }),
  vencimento(3, 'Vence em 3 dias', '🚨 URGENTE: Laudo vence em 3 dias: {{ laudo_nome }}', 'urgente', {
    calloutLevel: 'urgente',
    lead: '<strong>Urgente:</strong> este laudo vence em {{ dias_para_vencer }} dias, em {{ laudo_vencimento }}.',
    leadText: 'URGENTE: este laudo vence em {{ dias_para_vencer }} dias, em {{ laudo_vencimento }}.',
    body: [
      `Restam poucos dias para renovar o laudo dentro do prazo. Se a nova inspeção ainda não está agendada, fale conosco hoje para verificarmos a primeira data disponível. ${RISK}`,
    ],
    contactLead: 'Para agendar com prioridade,',
  }),
  vencimento(1, 'Vence amanhã', '🔴 CRÍTICO: Laudo vence AMANHÃ: {{ laudo_nome }}', 'critico', {
    calloutLevel: 'critico',
    lead: '<strong>Crítico:</strong> este laudo vence amanhã, {{ laudo_vencimento }}.',
    leadText: 'CRÍTICO: este laudo vence amanhã, {{ laudo_vencimento }}.',
    body: [
      'A partir do vencimento, o equipamento passa a operar sem inspeção válida, o que pode gerar autuações e interdição. Se a nova inspeção ainda não foi realizada, fale conosco ainda hoje para agendá-la com prioridade.',
    ],
    contactLead: 'Para agendar com prioridade,',
  }),
  vencido(0, 'Vence hoje', '🔴 Laudo vence HOJE: {{ laudo_nome }}', 'critico', {
    calloutLevel: 'critico',
    lead: '<strong>Crítico:</strong> este laudo vence hoje, {{ laudo_vencimento }}.',
    leadText: 'CRÍTICO: este laudo vence hoje, {{ laudo_vencimento }}.',
    extraRows: [['Situação', 'Vence hoje']],
    body: [
      'Se a nova inspeção ainda não foi realizada, o equipamento passará a operar sem inspeção válida, situação que pode gerar autuações e interdição. Agende a nova inspeção imediatamente.',
    ],
    contactLead: 'Para agendar com prioridade,',
  }),
  vencido(
    7,
    'Vencido (até 7 dias)',
    '🔴 Laudo vencido há {{ dias_vencido }} {% if dias_vencido == 1 %}dia{% else %}dias{% endif %}: {{ laudo_nome }}',
    'critico',
    {
      calloutLevel: 'critico',
      lead: '<strong>Laudo vencido:</strong> este laudo venceu em {{ laudo_vencimento }} e está vencido há {{ dias_vencido }} {% if dias_vencido == 1 %}dia{% else %}dias{% endif %}.',
      leadText:
        'LAUDO VENCIDO: este laudo venceu em {{ laudo_vencimento }} e está vencido há {{ dias_vencido }} {% if dias_vencido == 1 %}dia{% else %}dias{% endif %}.',
      extraRows: [
        ['Situação', 'Vencido há {{ dias_vencido }} {% if dias_vencido == 1 %}dia{% else %}dias{% endif %}'],
      ],
      body: [
        'Se o equipamento continua em operação, ele está funcionando sem inspeção válida, situação que pode gerar autuações e interdição. Solicitamos que a nova inspeção seja agendada imediatamente.',
      ],
      contactLead: 'Para agendar com prioridade,',
    },
  ),
  vencido(
    30,
    'Vencido há 30 dias',
    '🔴 Laudo vencido há {{ dias_vencido }} dias: {{ laudo_nome }}',
    'critico',
    {
      calloutLevel: 'critico',
      lead: '<strong>Laudo vencido:</strong> este laudo venceu em {{ laudo_vencimento }} e está vencido há {{ dias_vencido }} dias.',
      leadText:
        'LAUDO VENCIDO: este laudo venceu em {{ laudo_vencimento }} e está vencido há {{ dias_vencido }} dias.',
      extraRows: [SITUACAO_VENCIDO],
      body: [
        'Enquanto não for renovado, o equipamento permanece sem inspeção válida e sujeito a autuações e interdição. Agende a nova inspeção o quanto antes.',
      ],
      contactLead: 'Para agendar,',
    },
  ),
  vencido(
    60,
    'Vencido há 60 dias',
    '🔴 Laudo vencido há {{ dias_vencido }} dias: {{ laudo_nome }}',
    'critico',
    {
      calloutLevel: 'critico',
      lead: '<strong>Laudo vencido:</strong> este laudo está vencido há {{ dias_vencido }} dias, desde {{ laudo_vencimento }}.',
      leadText:
        'LAUDO VENCIDO: este laudo está vencido há {{ dias_vencido }} dias, desde {{ laudo_vencimento }}.',
      extraRows: [SITUACAO_VENCIDO],
      body: [
        'O equipamento segue sem inspeção válida e sujeito a autuações e interdição. Agende a nova inspeção para regularizar a situação.',
      ],
      contactLead: 'Para agendar,',
    },
  ),
  vencido(
    90,
    'Vencido há 90 dias',
    '🔴 Laudo vencido há {{ dias_vencido }} dias: {{ laudo_nome }}',
    'critico',
    {
      calloutLevel: 'critico',
      lead: '<strong>Laudo vencido:</strong> este laudo está vencido há {{ dias_vencido }} dias, desde {{ laudo_vencimento }}.',
      leadText:
        'LAUDO VENCIDO: este laudo está vencido há {{ dias_vencido }} dias, desde {{ laudo_vencimento }}.',
      extraRows: [SITUACAO_VENCIDO],
      body: [
        'O equipamento segue sem inspeção válida e sujeito a autuações e interdição. Agende a nova inspeção para regularizar a situação.',
      ],
      contactLead: 'Para agendar,',
    },
  ),
  vencido(
    180,
    'Vencido há 180 dias',
    'Seu laudo está vencido há {{ dias_vencido }} dias: {{ laudo_nome }}',
    'critico',
    {
      lead: 'Nossos registros indicam que o laudo abaixo está vencido desde {{ laudo_vencimento }}, há {{ dias_vencido }} dias.',
      leadText:
        'Nossos registros indicam que o laudo abaixo está vencido desde {{ laudo_vencimento }}, há {{ dias_vencido }} dias.',
      extraRows: [SITUACAO_VENCIDO],
      body: [
        `Se o equipamento continua em operação, recomendamos regularizar a situação com uma nova inspeção. ${RISK}`,
      ],
      contactLead: 'Para agendar,',
      note: `${ALREADY_RENEWED_AFTER} Se o equipamento foi desativado, informe-nos respondendo a este e-mail.`,
    },
  ),
  vencido(
    365,
    'Vencido há 365 dias',
    'Seu laudo está vencido há {{ dias_vencido }} dias: {{ laudo_nome }}',
    'critico',
    {
      lead: 'Nossos registros indicam que o laudo abaixo está vencido desde {{ laudo_vencimento }}, há {{ dias_vencido }} dias.',
      leadText:
        'Nossos registros indicam que o laudo abaixo está vencido desde {{ laudo_vencimento }}, há {{ dias_vencido }} dias.',
      extraRows: [SITUACAO_VENCIDO],
      body: [
        `Se o equipamento continua em operação, recomendamos regularizar a situação com uma nova inspeção. ${RISK}`,
      ],
      contactLead: 'Para agendar,',
      note: `${ALREADY_RENEWED_AFTER} Se o equipamento foi desativado, informe-nos respondendo a este e-mail.`,
    },
  ),
];

// ---------------------------------------------------------------------------------------------
// Account e-mails
// ---------------------------------------------------------------------------------------------

const ACCOUNT_GREETING = 'Olá, {{ usuario_nome }},';

const boasVindas: DefaultEmailTemplate = {
  type: 'boas_vindas',
  name: 'Boas-vindas (conta criada)',
  subject: 'Bem-vindo(a) ao portal de laudos da {{ empresa_nome }}',
  html: [
    p(ACCOUNT_GREETING),
    p(
      'Sua conta no portal de laudos da {{ empresa_nome }} foi criada. No portal, você consulta os laudos técnicos da sua empresa, acompanha as datas de vencimento e recebe avisos antes de cada vencimento.',
    ),
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;">',
    `  <tr><td style="padding:16px 20px;background:#f9fafb;border:1px solid #e5e7eb;border-radius:6px;${FONT}font-size:15px;line-height:26px;color:#1f2937;">`,
    '    <strong style="display:block;margin:0 0 8px;color:#111827;">Seus dados de acesso</strong>',
    '    E-mail de acesso: <strong>{{ usuario_email }}</strong><br>',
    `    Senha temporária: <span style="${MONO_STYLE}">{{ senha_temporaria }}</span><br>`,
    '    Nome: {{ usuario_nome }}<br>',
    "    Empresa: {{ cliente_empresa | default: 'Não informado' }}",
    '  </td></tr>',
    '</table>',
    p(
      'Esta senha é temporária: é válida até <strong>{{ senha_expira_em }}</strong> e deverá ser trocada no primeiro acesso.',
    ),
    button('Acessar o portal', '{{ link_login }}'),
    small(
      '<strong>Segurança:</strong> nunca compartilhe sua senha. Nossa equipe nunca solicita sua senha por e-mail, telefone ou WhatsApp.',
    ),
    p('Em caso de dúvidas, responda a este e-mail.'),
    CLOSING_HTML,
  ].join('\n'),
  text: [
    ACCOUNT_GREETING,
    'Sua conta no portal de laudos da {{ empresa_nome }} foi criada. No portal, você consulta os laudos técnicos da sua empresa, acompanha as datas de vencimento e recebe avisos antes de cada vencimento.',
    [
      'Seus dados de acesso:',
      'E-mail de acesso: {{ usuario_email }}',
      'Senha temporária: {{ senha_temporaria }}',
      'Nome: {{ usuario_nome }}',
      "Empresa: {{ cliente_empresa | default: 'Não informado' }}",
    ].join('\n'),
    'Esta senha é temporária: é válida até {{ senha_expira_em }} e deverá ser trocada no primeiro acesso.',
    'Acessar o portal: {{ link_login }}',
    'Segurança: nunca compartilhe sua senha. Nossa equipe nunca solicita sua senha por e-mail, telefone ou WhatsApp.',
    'Em caso de dúvidas, responda a este e-mail.',
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'info',
  daysBefore: null,
  daysAfter: null,
};

const senhaTemporaria: DefaultEmailTemplate = {
  type: 'senha_temporaria',
  name: 'Nova senha temporária (definida pelo administrador)',
  subject: 'Nova senha temporária — {{ empresa_nome }}',
  html: [
    p(ACCOUNT_GREETING),
    p(
      'A equipe da {{ empresa_nome }} gerou uma nova senha temporária para a sua conta no portal de laudos. A senha anterior deixou de valer.',
    ),
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;">',
    `  <tr><td style="padding:16px 20px;background:#f9fafb;border:1px solid #e5e7eb;border-radius:6px;${FONT}font-size:15px;line-height:26px;color:#1f2937;">`,
    '    E-mail de acesso: <strong>{{ usuario_email }}</strong><br>',
    `    Senha temporária: <span style="${MONO_STYLE}">{{ senha_temporaria }}</span>`,
    '  </td></tr>',
    '</table>',
    p('Ela é válida até <strong>{{ senha_expira_em }}</strong> e deverá ser trocada assim que você entrar.'),
    button('Acessar o portal', '{{ link_login }}'),
    small(
      '<strong>Não pediu esta alteração?</strong> Fale conosco respondendo a este e-mail. Nossa equipe nunca solicita sua senha.',
    ),
    CLOSING_HTML,
  ].join('\n'),
  text: [
    ACCOUNT_GREETING,
    'A equipe da {{ empresa_nome }} gerou uma nova senha temporária para a sua conta no portal de laudos. A senha anterior deixou de valer.',
    ['E-mail de acesso: {{ usuario_email }}', 'Senha temporária: {{ senha_temporaria }}'].join('\n'),
    'Ela é válida até {{ senha_expira_em }} e deverá ser trocada assim que você entrar.',
    'Acessar o portal: {{ link_login }}',
    'Não pediu esta alteração? Fale conosco respondendo a este e-mail. Nossa equipe nunca solicita sua senha.',
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'atencao',
  daysBefore: null,
  daysAfter: null,
};

const redefinirSenha: DefaultEmailTemplate = {
  type: 'redefinir_senha',
  name: 'Redefinição de senha',
  subject: 'Redefinição de senha — {{ empresa_nome }}',
  html: [
    p(ACCOUNT_GREETING),
    p(
      'Recebemos uma solicitação para redefinir a senha da conta <strong>{{ usuario_email }}</strong> no portal de laudos. Para criar uma nova senha, use o botão abaixo.',
    ),
    button('Criar nova senha', '{{ link_reset }}'),
    small(
      `Se o botão não funcionar, copie e cole este endereço no navegador:<br><span style="word-break:break-all;">${link('{{ link_reset }}', '{{ link_reset }}')}</span>`,
    ),
    p('O link é válido por <strong>{{ validade_link }}</strong> e pode ser usado uma única vez.'),
    p('Se você não fez esta solicitação, ignore este e-mail: sua senha continua a mesma.'),
    CLOSING_HTML,
  ].join('\n'),
  text: [
    ACCOUNT_GREETING,
    'Recebemos uma solicitação para redefinir a senha da conta {{ usuario_email }} no portal de laudos. Para criar uma nova senha, acesse o endereço abaixo:',
    '{{ link_reset }}',
    'O link é válido por {{ validade_link }} e pode ser usado uma única vez.',
    'Se você não fez esta solicitação, ignore este e-mail: sua senha continua a mesma.',
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'normal',
  daysBefore: null,
  daysAfter: null,
};

const senhaAlterada: DefaultEmailTemplate = {
  type: 'senha_alterada',
  name: 'Senha alterada',
  subject: 'Sua senha foi alterada — {{ empresa_nome }}',
  html: [
    p(ACCOUNT_GREETING),
    p(
      'A senha da sua conta <strong>{{ usuario_email }}</strong> no portal de laudos foi alterada em <strong>{{ data_alteracao }}</strong>.',
    ),
    p(
      'Por segurança, as demais sessões abertas foram encerradas; nesses dispositivos, será preciso entrar novamente com a nova senha. Se foi você, nenhuma ação é necessária.',
    ),
    callout(
      'atencao',
      `<strong>Não foi você?</strong> Redefina sua senha imediatamente em ${link('{{ sistema_url }}/forgot-password', '{{ sistema_url }}/forgot-password')} e entre em contato conosco pelo e-mail ${link('mailto:{{ empresa_email }}', '{{ empresa_email }}')}{% if empresa_telefone != blank %} ou pelo telefone {{ empresa_telefone }}{% endif %}.`,
    ),
    button('Redefinir senha', '{{ sistema_url }}/forgot-password'),
    CLOSING_HTML,
  ].join('\n'),
  text: [
    ACCOUNT_GREETING,
    'A senha da sua conta {{ usuario_email }} no portal de laudos foi alterada em {{ data_alteracao }}.',
    'Por segurança, as demais sessões abertas foram encerradas; nesses dispositivos, será preciso entrar novamente com a nova senha. Se foi você, nenhuma ação é necessária.',
    'NÃO FOI VOCÊ? Redefina sua senha imediatamente em {{ sistema_url }}/forgot-password e entre em contato conosco pelo e-mail {{ empresa_email }}{% if empresa_telefone != blank %} ou pelo telefone {{ empresa_telefone }}{% endif %}.',
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'atencao',
  daysBefore: null,
  daysAfter: null,
};

const confirmarEmail: DefaultEmailTemplate = {
  type: 'confirmar_email',
  name: 'Confirmação de e-mail (cadastro)',
  subject: 'Confirme seu e-mail — {{ empresa_nome }}',
  html: [
    p(ACCOUNT_GREETING),
    p(
      'Recebemos um cadastro no portal de laudos da {{ empresa_nome }} com o e-mail <strong>{{ usuario_email }}</strong>. Para confirmar que o endereço é seu e liberar os laudos enviados a ele, use o botão abaixo.',
    ),
    button('Confirmar e-mail', '{{ link_confirmacao }}'),
    small(
      `Se o botão não funcionar, copie e cole este endereço no navegador:<br><span style="word-break:break-all;">${link('{{ link_confirmacao }}', '{{ link_confirmacao }}')}</span>`,
    ),
    p('O link é válido por <strong>{{ validade_link }}</strong> e pode ser usado uma única vez.'),
    p(
      'Se você não criou esta conta, ignore este e-mail: sem a confirmação, ninguém acessa os laudos deste endereço.',
    ),
    CLOSING_HTML,
  ].join('\n'),
  text: [
    ACCOUNT_GREETING,
    'Recebemos um cadastro no portal de laudos da {{ empresa_nome }} com o e-mail {{ usuario_email }}. Para confirmar que o endereço é seu e liberar os laudos enviados a ele, acesse o endereço abaixo:',
    '{{ link_confirmacao }}',
    'O link é válido por {{ validade_link }} e pode ser usado uma única vez.',
    'Se você não criou esta conta, ignore este e-mail: sem a confirmação, ninguém acessa os laudos deste endereço.',
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'info',
  daysBefore: null,
  daysAfter: null,
};

const cadastroExistente: DefaultEmailTemplate = {
  type: 'cadastro_existente',
  name: 'Tentativa de cadastro com e-mail já cadastrado',
  subject: 'Alguém tentou criar uma conta com seu e-mail — {{ empresa_nome }}',
  html: [
    p(ACCOUNT_GREETING),
    p(
      'Em <strong>{{ data_tentativa }}</strong>, alguém tentou criar uma conta no portal de laudos da {{ empresa_nome }} com o e-mail <strong>{{ usuario_email }}</strong>, que já tem uma conta. Nenhuma conta nova foi criada e nada mudou na sua.',
    ),
    p('Se foi você e esqueceu a senha, crie uma nova pelo botão abaixo.'),
    button('Redefinir minha senha', '{{ link_redefinir }}'),
    small(
      '<strong>Não foi você?</strong> Pode ignorar este e-mail: sua senha continua a mesma. Nossa equipe nunca solicita sua senha.',
    ),
    CLOSING_HTML,
  ].join('\n'),
  text: [
    ACCOUNT_GREETING,
    'Em {{ data_tentativa }}, alguém tentou criar uma conta no portal de laudos da {{ empresa_nome }} com o e-mail {{ usuario_email }}, que já tem uma conta. Nenhuma conta nova foi criada e nada mudou na sua.',
    'Se foi você e esqueceu a senha, crie uma nova em: {{ link_redefinir }}',
    'Não foi você? Pode ignorar este e-mail: sua senha continua a mesma. Nossa equipe nunca solicita sua senha.',
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'atencao',
  daysBefore: null,
  daysAfter: null,
};

// ---------------------------------------------------------------------------------------------
// Team invitation (issue 17)
// ---------------------------------------------------------------------------------------------

const INVITE_GREETING = 'Olá{% if convidado_nome != blank %}, {{ convidado_nome }}{% endif %},';
const inviteLead = (strong: (s: string) => string) =>
  `{{ convidante_nome }} convidou você para a equipe da ${strong('{{ cliente_empresa }}')} no portal de laudos da {{ empresa_nome }}, como ${strong('{{ papel }}')}. No portal, a equipe consulta os laudos técnicos da empresa, acompanha as datas de vencimento e recebe avisos antes de cada vencimento.`;
const INVITE_ROLE =
  'Como gestor, você também convida colegas, muda os papéis da equipe e desativa quem sai da empresa.';
const inviteTerms = (strong: (s: string) => string) =>
  `Ao aceitar, você escolhe sua senha e sua conta é criada com o e-mail ${strong('{{ convidado_email }}')}. O convite é válido por ${strong('{{ validade_link }}')} e pode ser usado uma única vez.`;
const INVITE_IGNORE =
  'Se você não esperava este convite, ignore este e-mail: sem o aceite, nenhuma conta é criada.';
const strongHtml = (s: string) => `<strong>${s}</strong>`;
const plain = (s: string) => s;

const conviteEquipe: DefaultEmailTemplate = {
  type: 'convite_equipe',
  name: 'Convite para a equipe de uma empresa',
  subject: 'Convite para a equipe {{ cliente_empresa }} no Laudos',
  html: [
    p(INVITE_GREETING),
    p(inviteLead(strongHtml)),
    `{% if papel == 'gestor' %}${p(INVITE_ROLE)}{% endif %}`,
    button('Aceitar o convite', '{{ link_convite }}'),
    small(
      `Se o botão não funcionar, copie e cole este endereço no navegador:<br><span style="word-break:break-all;">${link('{{ link_convite }}', '{{ link_convite }}')}</span>`,
    ),
    p(inviteTerms(strongHtml)),
    p(INVITE_IGNORE),
    CLOSING_HTML,
  ].join('\n'),
  text: [
    INVITE_GREETING,
    inviteLead(plain),
    `{% if papel == 'gestor' %}${INVITE_ROLE}\n\n{% endif %}Para aceitar, acesse o endereço abaixo:`,
    '{{ link_convite }}',
    inviteTerms(plain),
    INVITE_IGNORE,
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'info',
  daysBefore: null,
  daysAfter: null,
};

// ---------------------------------------------------------------------------------------------
// Monthly report
// ---------------------------------------------------------------------------------------------

function summaryCell(value: string, label: string, bg: string, fg: string): string {
  return `    <td width="25%" style="padding:12px 6px;background:${bg};border-radius:6px;text-align:center;${FONT}"><div style="font-size:24px;line-height:30px;font-weight:bold;color:${fg};">${value}</div><div style="font-size:13px;line-height:18px;color:#374151;">${label}</div></td>`;
}

const TH = `padding:8px 10px;border-bottom:2px solid #e5e7eb;text-align:left;${FONT}font-size:12px;line-height:16px;color:#4b5563;text-transform:uppercase;`;
const TD = `padding:8px 10px;border-bottom:1px solid #e5e7eb;${FONT}font-size:14px;line-height:20px;color:#111827;vertical-align:top;`;
const LIST_TABLE_OPEN =
  '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 8px;">';

function laudoListHtml(list: 'laudos_vencendo' | 'laudos_vencidos'): string {
  const vencendo = list === 'laudos_vencendo';
  const dateHeader = vencendo ? 'Vencimento' : 'Venceu em';
  const daysHeader = vencendo ? 'Prazo' : 'Vencido há';
  const days = vencendo
    ? '{% if l.dias == 0 %}Hoje{% elsif l.dias == 1 %}1 dia{% else %}{{ l.dias }} dias{% endif %}'
    : '{% if l.dias == 1 %}1 dia{% else %}{{ l.dias }} dias{% endif %}';
  const daysColor = vencendo ? '#92400e' : '#991b1b';
  const empty = vencendo ? 'Nenhum laudo vence nos próximos 30 dias.' : 'Nenhum laudo vencido.';
  return [
    h2(vencendo ? 'Laudos que vencem nos próximos 30 dias' : 'Laudos vencidos'),
    `{% if ${list}.size > 0 %}`,
    LIST_TABLE_OPEN,
    `  <tr><th style="${TH}">Laudo</th><th style="${TH}">Código</th><th style="${TH}">${dateHeader}</th><th style="${TH}">${daysHeader}</th></tr>`,
    `  {% for l in ${list} %}`,
    `  <tr><td style="${TD}">{{ l.nome }}{% if l.tipo != blank %}<br><span style="font-size:12px;color:#4b5563;">{{ l.tipo }}</span>{% endif %}</td><td style="${TD}">{{ l.codigo }}</td><td style="${TD}">{{ l.vencimento }}</td><td style="${TD.replace('color:#111827;', `color:${daysColor};`)}font-weight:bold;">${days}</td></tr>`,
    '  {% endfor %}',
    '</table>',
    '{% else %}',
    p(empty),
    '{% endif %}',
  ].join('\n');
}

function laudoListText(list: 'laudos_vencendo' | 'laudos_vencidos'): string {
  const vencendo = list === 'laudos_vencendo';
  const item = vencendo
    ? '- {{ l.nome }} (código {{ l.codigo }}{% if l.tipo != blank %}, {{ l.tipo }}{% endif %}): vence em {{ l.vencimento }}, {% if l.dias == 0 %}hoje{% elsif l.dias == 1 %}falta 1 dia{% else %}faltam {{ l.dias }} dias{% endif %}'
    : '- {{ l.nome }} (código {{ l.codigo }}{% if l.tipo != blank %}, {{ l.tipo }}{% endif %}): venceu em {{ l.vencimento }}, há {% if l.dias == 1 %}1 dia{% else %}{{ l.dias }} dias{% endif %}';
  const empty = vencendo ? 'Nenhum laudo vence nos próximos 30 dias.' : 'Nenhum laudo vencido.';
  return [
    vencendo ? 'LAUDOS QUE VENCEM NOS PRÓXIMOS 30 DIAS' : 'LAUDOS VENCIDOS',
    `{% if ${list}.size > 0 %}{% for l in ${list} %}${item}{% unless forloop.last %}\n{% endunless %}{% endfor %}{% else %}${empty}{% endif %}`,
  ].join('\n');
}

const relatorioMensal: DefaultEmailTemplate = {
  type: 'relatorio_mensal',
  name: 'Relatório mensal',
  subject: 'Relatório mensal de laudos — {{ mes_referencia }}',
  html: [
    p('Prezado(a) {{ usuario_nome }},'),
    p(
      'Segue o resumo dos laudos de <strong>{{ cliente_empresa | default: usuario_nome }}</strong> referente a {{ mes_referencia }}.',
    ),
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:separate;border-spacing:6px 0;margin:0 0 8px;">',
    '  <tr>',
    summaryCell('{{ total_laudos }}', 'Total', '#f3f4f6', '#111827'),
    summaryCell('{{ total_ativos }}', 'Ativos', '#f0fdf4', '#166534'),
    summaryCell('{{ total_vencendo }}', 'Vencendo', '#fffbeb', '#92400e'),
    summaryCell('{{ total_vencidos }}', 'Vencidos', '#fef2f2', '#991b1b'),
    '  </tr>',
    '</table>',
    laudoListHtml('laudos_vencendo'),
    laudoListHtml('laudos_vencidos'),
    '{% if relatorio_pdf %}',
    p('O <strong>Relatório de situação</strong> em PDF segue em anexo.'),
    '{% endif %}',
    '{% if total_vencendo > 0 or total_vencidos > 0 %}',
    contactHtml('Para agendar as próximas inspeções,'),
    '{% endif %}',
    button('Abrir o painel', '{{ sistema_url }}/dashboard'),
    CLOSING_HTML,
  ].join('\n'),
  text: [
    'Prezado(a) {{ usuario_nome }},',
    'Segue o resumo dos laudos de {{ cliente_empresa | default: usuario_nome }} referente a {{ mes_referencia }}.',
    textRows([
      ['Total de laudos', '{{ total_laudos }}'],
      ['Ativos', '{{ total_ativos }}'],
      ['Vencendo (próximos 30 dias)', '{{ total_vencendo }}'],
      ['Vencidos', '{{ total_vencidos }}'],
    ]),
    laudoListText('laudos_vencendo'),
    laudoListText('laudos_vencidos'),
    '{% if relatorio_pdf %}O Relatório de situação em PDF segue em anexo.{% endif %}',
    `{% if total_vencendo > 0 or total_vencidos > 0 %}${contactText('Para agendar as próximas inspeções,')}\n\n{% endif %}Abrir o painel: {{ sistema_url }}/dashboard`,
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'info',
  daysBefore: null,
  daysAfter: null,
};

// ---------------------------------------------------------------------------------------------
// Support area (issue 18, decision 027): the client's text is escaped by the engine and kept in
// its lines by `white-space:pre-wrap` (no HTML is built from it).
// ---------------------------------------------------------------------------------------------

const QUOTE_STYLE = `margin:0 0 16px;padding:12px 16px;border-left:4px solid #d1d5db;background:#f9fafb;white-space:pre-wrap;${FONT}font-size:15px;line-height:24px;color:#1f2937;`;
const quote = (content: string): string => `<div style="${QUOTE_STYLE}">${content}</div>`;

const suporteParaFirma: DefaultEmailTemplate = {
  type: 'suporte_para_firma',
  name: 'Suporte: novo chamado ou resposta do cliente',
  subject:
    '{% if chamado_prioritario %}[Prioritário] {% endif %}{% if chamado_novo %}Novo chamado{% else %}Nova resposta{% endif %} de {{ cliente_empresa }}: {{ chamado_assunto }}',
  html: [
    p(
      '{% if chamado_novo %}<strong>{{ cliente_nome }}</strong> ({{ cliente_empresa }}) abriu um chamado de suporte{% else %}<strong>{{ cliente_nome }}</strong> ({{ cliente_empresa }}) respondeu ao chamado{% endif %}{% if chamado_prioritario %}, com <strong>suporte prioritário</strong> no plano{% endif %}.',
    ),
    p(
      '<strong>Assunto:</strong> {{ chamado_assunto }}{% if chamado_laudo != blank %}<br><strong>Laudo:</strong> {{ chamado_laudo }}{% endif %}',
    ),
    quote('{{ chamado_mensagem }}'),
    button('Abrir o chamado', '{{ chamado_url }}'),
    CLOSING_HTML,
  ].join('\n'),
  text: [
    '{% if chamado_novo %}{{ cliente_nome }} ({{ cliente_empresa }}) abriu um chamado de suporte{% else %}{{ cliente_nome }} ({{ cliente_empresa }}) respondeu ao chamado{% endif %}{% if chamado_prioritario %}, com suporte prioritário no plano{% endif %}.',
    'Assunto: {{ chamado_assunto }}{% if chamado_laudo != blank %}\nLaudo: {{ chamado_laudo }}{% endif %}',
    '{{ chamado_mensagem }}',
    'Abrir o chamado: {{ chamado_url }}',
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'info',
  daysBefore: null,
  daysAfter: null,
};

const suporteResposta: DefaultEmailTemplate = {
  type: 'suporte_resposta',
  name: 'Suporte: resposta ao cliente',
  subject: 'Resposta ao seu chamado: {{ chamado_assunto }}',
  html: [
    p('Prezado(a) {{ usuario_nome }},'),
    p('Respondemos ao seu chamado <strong>{{ chamado_assunto }}</strong>:'),
    quote('{{ chamado_mensagem }}'),
    button('Ver a conversa', '{{ chamado_url }}'),
    small('Para responder, abra a conversa no sistema.'),
    CLOSING_HTML,
  ].join('\n'),
  text: [
    'Prezado(a) {{ usuario_nome }},',
    'Respondemos ao seu chamado "{{ chamado_assunto }}":',
    '{{ chamado_mensagem }}',
    'Ver a conversa e responder: {{ chamado_url }}',
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'info',
  daysBefore: null,
  daysAfter: null,
};

// ---------------------------------------------------------------------------------------------
// Renewal request, to the firm (issue 19)
// ---------------------------------------------------------------------------------------------

const RENOVACAO_ROWS: readonly Row[] = [
  ['Empresa', '{{ cliente_empresa }}'],
  ['Laudo', '{{ laudo_nome }}'],
  ['Código', '{{ laudo_codigo }}'],
  ['Vencimento', '{{ laudo_vencimento }}'],
  [
    'Prazo',
    '{% if dias_para_vencer < 0 %}Vencido há {{ dias_para_vencer | abs }} dias{% elsif dias_para_vencer == 0 %}Vence hoje{% else %}Faltam {{ dias_para_vencer }} dias{% endif %}',
  ],
  ['Solicitante', '{{ solicitante }}'],
  ['Período preferido', "{{ periodo | default: 'Não informado' }}"],
  ['Contato', "{{ contato | default: 'Não informado' }}"],
];

const renovacaoSolicitada: DefaultEmailTemplate = {
  type: 'renovacao_solicitada',
  name: 'Pedido de renovação (para a equipe)',
  subject: 'Pedido de renovação: {{ laudo_nome }} ({{ cliente_empresa }})',
  html: [
    p('Olá, equipe {{ empresa_nome }},'),
    p(
      'O cliente pediu a renovação de um laudo pelo botão do lembrete de vencimento. Entre em contato para combinar a nova inspeção.',
    ),
    detailsTable(RENOVACAO_ROWS),
    '{% if observacao != blank %}',
    h2('Observação do cliente'),
    p('{{ observacao }}'),
    '{% endif %}',
    button('Ver laudo no portal', '{{ laudo_url }}'),
  ].join('\n'),
  text: [
    'Olá, equipe {{ empresa_nome }},',
    'O cliente pediu a renovação de um laudo pelo botão do lembrete de vencimento. Entre em contato para combinar a nova inspeção.',
    textRows(RENOVACAO_ROWS),
    '{% if observacao != blank %}Observação do cliente:\n{{ observacao }}\n\n{% endif %}Ver laudo no portal: {{ laudo_url }}',
  ].join('\n\n'),
  urgencyLevel: 'atencao',
  daysBefore: null,
  daysAfter: null,
};

const RENOVACAO_ATUALIZADA_ROWS: readonly Row[] = [
  ['Laudo', '{{ laudo_nome }}'],
  ['Código', '{{ laudo_codigo }}'],
  ['Vencimento', '{{ laudo_vencimento }}'],
  ['Situação do pedido', '{{ estagio }}'],
];

const renovacaoAtualizada: DefaultEmailTemplate = {
  type: 'renovacao_atualizada',
  name: 'Pedido de renovação atualizado (para o cliente)',
  subject: 'Seu pedido de renovação: {{ estagio }} — {{ laudo_nome }}',
  html: [
    p('Prezado(a) {{ cliente_nome }},'),
    p('Seu pedido de renovação do laudo abaixo avançou: agora está em <strong>{{ estagio }}</strong>.'),
    detailsTable(RENOVACAO_ATUALIZADA_ROWS),
    '{% if agendado_para != blank %}',
    p(
      'A inspeção está marcada para <strong>{{ agendado_para }}</strong>{% if engenheiro != blank %}, com {{ engenheiro }}{% endif %}.',
    ),
    '{% endif %}',
    '{% if orcamento != blank %}',
    h2('Orçamento'),
    p('{{ orcamento }}'),
    '{% endif %}',
    '{% if nota != blank %}',
    p('{{ nota }}'),
    '{% endif %}',
    button('Acompanhar meus pedidos', '{{ renovacoes_url }}'),
    CLOSING_HTML,
  ].join('\n'),
  text: [
    'Prezado(a) {{ cliente_nome }},',
    'Seu pedido de renovação do laudo abaixo avançou: agora está em {{ estagio }}.',
    textRows(RENOVACAO_ATUALIZADA_ROWS),
    '{% if agendado_para != blank %}A inspeção está marcada para {{ agendado_para }}{% if engenheiro != blank %}, com {{ engenheiro }}{% endif %}.\n\n{% endif %}{% if orcamento != blank %}Orçamento:\n{{ orcamento }}\n\n{% endif %}{% if nota != blank %}{{ nota }}\n\n{% endif %}Acompanhar meus pedidos: {{ renovacoes_url }}',
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'info',
  daysBefore: null,
  daysAfter: null,
};

// ---------------------------------------------------------------------------------------------
// Digest and escalation (issue 19, decision 031)
// ---------------------------------------------------------------------------------------------

type ListaDoResumo = 'laudos_vencidos' | 'laudos_7_dias' | 'laudos_30_dias' | 'laudos_depois';

const GRUPOS_DO_RESUMO: ReadonlyArray<readonly [ListaDoResumo, string]> = [
  ['laudos_vencidos', 'Vencidos'],
  ['laudos_7_dias', 'Vencem em até 7 dias'],
  ['laudos_30_dias', 'Vencem em até 30 dias'],
  ['laudos_depois', 'Vencem depois'],
];

function grupoDoResumoHtml([lista, titulo]: readonly [ListaDoResumo, string]): string {
  return [
    `{% if ${lista}.size > 0 %}`,
    h2(titulo),
    LIST_TABLE_OPEN,
    `  <tr><th style="${TH}">Laudo</th><th style="${TH}">Vencimento</th><th style="${TH}">Responder</th></tr>`,
    `  {% for l in ${lista} %}`,
    `  <tr><td style="${TD}">${link('{{ l.url }}', '{{ l.nome }}')}<br><span style="font-size:12px;color:#4b5563;">{{ l.codigo }}{% if l.tipo != blank %} · {{ l.tipo }}{% endif %}</span></td><td style="${TD}">{{ l.vencimento }}<br><span style="font-size:12px;color:#4b5563;">{{ l.situacao }}</span></td><td style="${TD}">${link('{{ l.link_solicitar }}', 'Solicitar renovação')}<br>${link('{{ l.link_ciente }}', 'Já estou providenciando')}</td></tr>`,
    '  {% endfor %}',
    '</table>',
    '{% endif %}',
  ].join('\n');
}

function grupoDoResumoTexto([lista, titulo]: readonly [ListaDoResumo, string]): string {
  return `{% if ${lista}.size > 0 %}${titulo.toUpperCase()}\n{% for l in ${lista} %}- {{ l.nome }} (código {{ l.codigo }}{% if l.tipo != blank %}, {{ l.tipo }}{% endif %}): {{ l.vencimento }}, {{ l.situacao }}\n  Solicitar renovação: {{ l.link_solicitar }}\n  Já estou providenciando: {{ l.link_ciente }}\n{% endfor %}\n{% endif %}`;
}

const resumoLembretes: DefaultEmailTemplate = {
  type: 'resumo_lembretes',
  name: 'Resumo de lembretes (um e-mail por destinatário)',
  subject:
    '{% if total_laudos == 1 %}1 laudo precisa de atenção — {{ mais_urgente }}{% else %}{{ total_laudos }} laudos precisam de atenção — o mais urgente {{ mais_urgente }}{% endif %}',
  html: [
    p(LAUDO_GREETING),
    p(
      '{% if total_laudos == 1 %}Um laudo precisa{% else %}{{ total_laudos }} laudos precisam{% endif %} da sua atenção. Para cada um, você pode pedir a renovação ou nos avisar que já está providenciando.',
    ),
    ...GRUPOS_DO_RESUMO.map(grupoDoResumoHtml),
    small(RISK),
    contactHtml('Para agendar as próximas inspeções,'),
    CLOSING_HTML,
  ].join('\n'),
  text: [
    LAUDO_GREETING,
    '{% if total_laudos == 1 %}Um laudo precisa{% else %}{{ total_laudos }} laudos precisam{% endif %} da sua atenção. Para cada um, você pode pedir a renovação ou nos avisar que já está providenciando.',
    GRUPOS_DO_RESUMO.map(grupoDoResumoTexto).join(''),
    RISK,
    contactText('Para agendar as próximas inspeções,'),
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'atencao',
  daysBefore: null,
  daysAfter: null,
};

const escalonamento: DefaultEmailTemplate = {
  type: 'escalonamento',
  name: 'Escalonamento: laudo vencido sem resposta (para os gestores)',
  subject: 'Laudo vencido sem resposta há {{ dias_sem_resposta }} dias: {{ laudo_nome }}',
  html: [
    p("Prezado(a) {{ cliente_nome | default: 'gestor(a)' }},"),
    callout(
      'critico',
      'O laudo abaixo, de <strong>{{ cliente_empresa }}</strong>, venceu há {{ dias_vencido }} dias e o primeiro aviso de vencimento ({{ primeiro_aviso }}) continua sem resposta. Você recebe esta cópia como gestor(a) da empresa.',
    ),
    detailsTable(laudoRows()),
    p(RISK),
    contactHtml('Para agendar a nova inspeção,'),
    LAUDO_BUTTON,
    CLOSING_HTML,
  ].join('\n'),
  text: [
    "Prezado(a) {{ cliente_nome | default: 'gestor(a)' }},",
    'O laudo abaixo, de {{ cliente_empresa }}, venceu há {{ dias_vencido }} dias e o primeiro aviso de vencimento ({{ primeiro_aviso }}) continua sem resposta. Você recebe esta cópia como gestor(a) da empresa.',
    textRows(laudoRows()),
    RISK,
    contactText('Para agendar a nova inspeção,'),
    LAUDO_LINK_TEXT,
    CLOSING_TEXT,
  ].join('\n\n'),
  urgencyLevel: 'critico',
  daysBefore: null,
  daysAfter: null,
};

/** One default template per type, in the order of `emailTemplateTypes`. */
export const defaultEmailTemplates: readonly DefaultEmailTemplate[] = [
  laudoCriado,
  ...laudoTemplates,
  boasVindas,
  senhaTemporaria,
  redefinirSenha,
  senhaAlterada,
  confirmarEmail,
  cadastroExistente,
  relatorioMensal,
  conviteEquipe,
  suporteParaFirma,
  suporteResposta,
  renovacaoSolicitada,
  renovacaoAtualizada,
  resumoLembretes,
  escalonamento,
];
