const PING_TIMEOUT_MS = 3000;

/** Whether the database answers a ping within 3 seconds; a failure or a timeout rejects. */
export async function verificarBanco(database: { ping(): Promise<unknown> }): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    database.ping(),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}
