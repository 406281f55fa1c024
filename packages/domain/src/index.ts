export * from './errors.ts';
export * from './planos.ts';
export * from './settings.ts';
export * from './email-templates.ts';
