export * from './agenda.ts';
export * from './dates.ts';
export * from './email-templates.ts';
export * from './errors.ts';
export * from './lembretes.ts';
export * from './planos.ts';
export * from './settings.ts';
export * from './vencimento.ts';
