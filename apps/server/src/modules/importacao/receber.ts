import type { FastifyRequest } from 'fastify';
import { erro } from '../../http/errors.ts';

/** An uploaded spreadsheet: its name, its bytes and the text fields sent beside it. */
export interface PlanilhaRecebida {
  nomeArquivo: string;
  bytes: Buffer;
  campos: Record<string, string>;
}

/**
 * Reads a multipart body with the file `arquivo` (up to `maxMb`) and the text fields `aceitos`;
 * another field is a 400 naming it. Shared by the laudos import and the equipment import.
 */
export async function receberPlanilha(
  request: FastifyRequest,
  maxMb: number,
  aceitos: readonly string[],
): Promise<PlanilhaRecebida> {
  if (!request.isMultipart()) throw erro('arquivoAusente');
  const maxBytes = maxMb * 1024 * 1024;
  const campos: Record<string, string> = {};
  let arquivo: { nome: string; bytes: Buffer } | undefined;
  for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'arquivo') {
        part.file.resume();
        continue;
      }
      const pedacos: Buffer[] = [];
      let tamanho = 0;
      for await (const pedaco of part.file as AsyncIterable<Buffer>) {
        tamanho += pedaco.length;
        if (tamanho > maxBytes) {
          part.file.resume();
          throw erro('arquivoGrandeDemais', maxMb);
        }
        pedacos.push(pedaco);
      }
      if (part.file.truncated) throw erro('arquivoGrandeDemais', maxMb);
      arquivo = { nome: part.filename ?? 'planilha', bytes: Buffer.concat(pedacos) };
    } else if (typeof part.value === 'string') campos[part.fieldname] = part.value;
  }
  if (!arquivo) throw erro('arquivoAusente');
  const extras = Object.keys(campos).filter((k) => !aceitos.includes(k));
  if (extras.length > 0) throw erro('campoDesconhecido', extras.join(', '));
  return { nomeArquivo: arquivo.nome, bytes: arquivo.bytes, campos };
}
