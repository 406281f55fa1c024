/**
 * The first bytes of an upload, to tell its type before anything is stored, and the whole upload
 * again (those bytes first, then the rest as it arrives) to stream to the storage. At least
 * `bytes` are read, fewer when the upload ends first.
 */
export async function lerCabeca(
  upload: AsyncIterable<Buffer>,
  bytes: number,
): Promise<{ cabeca: Buffer; corpo: () => AsyncGenerator<Buffer> }> {
  const iterator = upload[Symbol.asyncIterator]();
  const lidos: Buffer[] = [];
  let cabeca = Buffer.alloc(0);
  while (cabeca.length < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    lidos.push(next.value);
    cabeca = Buffer.concat([cabeca, next.value]);
  }
  async function* corpo() {
    yield* lidos;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { cabeca, corpo };
}
