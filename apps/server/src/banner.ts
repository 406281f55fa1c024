import type { AdminSeedResult } from './seed.ts';

/** What a worker tells the cluster's primary once it listens (cluster.ts prints the banner). */
export interface WorkerReady {
  type: 'laudos:pronto';
  url: string;
  engine: string;
  seedResult: AdminSeedResult;
}

/** The lines `npm start` prints once the server listens: where to open it and how to sign in. */
export function banner(
  url: string,
  engine: string,
  s: AdminSeedResult,
  { workers = 1, publicUrlSet = true }: { workers?: number; publicUrlSet?: boolean } = {},
): string {
  const lines = ['', `  Laudos está no ar: ${url}`, `  Banco de dados: ${engine}`];
  if (workers > 1) lines.push(`  Processos: ${workers} (WORKERS)`);
  if (!publicUrlSet) {
    // Without PUBLIC_URL any local address works (http/origin.ts); e-mails still need one address.
    const port = new URL(url).port || '80';
    lines.push(
      `  Sem PUBLIC_URL: abra também por http://127.0.0.1:${port} ou pelo IP desta máquina na rede;`,
      `  os links dos e-mails usam ${url} (defina PUBLIC_URL com o endereço que os usuários abrem).`,
    );
  }
  lines.push('');
  if (s.kind === 'created-random') {
    lines.push(
      '  Conta de administrador criada agora (esta senha não será mostrada de novo):',
      `    E-mail: ${s.email}`,
      `    Senha:  ${s.password}`,
      `  Entre em ${url}/login — no primeiro acesso o sistema pedirá uma nova senha.`,
    );
  } else if (s.kind === 'created-from-env') {
    lines.push(
      `  Conta de administrador criada: ${s.email} (senha de ADMIN_PASSWORD).`,
      `  Entre em ${url}/login`,
    );
  } else {
    lines.push(
      `  Entre em ${url}/login com a sua conta de administrador.`,
      '  Esqueceu a senha? npm run cli -- create-admin --email E --nome N cria outra.',
    );
  }
  return `${lines.join('\n')}\n\n`;
}
