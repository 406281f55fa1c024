export function pgliteTemplateKey(migrationsFolder: string): string;
export function pgliteTemplateDir(migrationsFolder: string): string;
export function pgliteTemplateFile(migrationsFolder: string, templateDir?: string): string;
