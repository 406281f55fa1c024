export * from './agenda.ts';
export * from './dates.ts';
export * from './email-templates.ts';
export * from './lembretes.ts';
export * from './planos.ts';
export * from './settings.ts';
export * from './site.ts';
export * from './vencimento.ts';
