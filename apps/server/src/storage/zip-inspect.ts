import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';

/**
 * Just enough of the ZIP format to look inside an uploaded XLSX before any library unpacks it:
 * the entry list (for type detection) and a check that unpacking stays within a budget (zip bombs).
 */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const MAX_ENTRIES = 10_000;

/**
 * The central directory of a ZIP file, or null when the file is not a plain single-disk ZIP
 * (ZIP64, split archives and anything malformed are refused rather than guessed at).
 */
export async function readZipDirectory(filePath: string): Promise<ZipEntry[] | null> {
  const handle = await fs.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    if (size < EOCD_SIZE) return null;
    const tailLength = Math.min(size, EOCD_SIZE + MAX_COMMENT);
    const tail = await readAt(handle, size - tailLength, tailLength);
    const eocd = findEndOfCentralDirectory(tail);
    if (eocd < 0) return null;

    const diskNumber = tail.readUInt16LE(eocd + 4);
    const centralDisk = tail.readUInt16LE(eocd + 6);
    const entriesOnDisk = tail.readUInt16LE(eocd + 8);
    const totalEntries = tail.readUInt16LE(eocd + 10);
    const centralSize = tail.readUInt32LE(eocd + 12);
    const centralOffset = tail.readUInt32LE(eocd + 16);
    if (diskNumber !== 0 || centralDisk !== 0 || entriesOnDisk !== totalEntries) return null;
    if (totalEntries === 0xffff || centralSize === 0xffffffff || centralOffset === 0xffffffff) return null;
    if (totalEntries > MAX_ENTRIES || centralOffset + centralSize > size) return null;

    const central = await readAt(handle, centralOffset, centralSize);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let i = 0; i < totalEntries; i++) {
      if (at + 46 > central.length || central.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
      const nameLength = central.readUInt16LE(at + 28);
      const extraLength = central.readUInt16LE(at + 30);
      const commentLength = central.readUInt16LE(at + 32);
      const end = at + 46 + nameLength + extraLength + commentLength;
      if (end > central.length) return null;
      const entry: ZipEntry = {
        flags: central.readUInt16LE(at + 8),
        method: central.readUInt16LE(at + 10),
        compressedSize: central.readUInt32LE(at + 20),
        uncompressedSize: central.readUInt32LE(at + 24),
        localHeaderOffset: central.readUInt32LE(at + 42),
        name: central.toString('utf8', at + 46, at + 46 + nameLength),
      };
      if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff) return null;
      if (entry.localHeaderOffset === 0xffffffff) return null;
      entries.push(entry);
      at = end;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/**
 * Entry names from the local headers at the start of a ZIP, for when only its first bytes are at
 * hand. Stops at the first entry whose size is only known after its data (data descriptor).
 */
export function zipEntryNamesFromHead(head: Buffer): string[] {
  const names: string[] = [];
  let at = 0;
  while (at + 30 <= head.length && head.readUInt32LE(at) === LOCAL_SIGNATURE) {
    const flags = head.readUInt16LE(at + 6);
    const compressedSize = head.readUInt32LE(at + 18);
    const nameLength = head.readUInt16LE(at + 26);
    const extraLength = head.readUInt16LE(at + 28);
    if (at + 30 + nameLength > head.length) break;
    names.push(head.toString('utf8', at + 30, at + 30 + nameLength));
    if (flags & 0x08) break;
    at += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}

export interface UnzipBudget {
  /** Refuse when all entries together unpack to more than this. */
  maxUncompressedBytes: number;
  /** Refuse when the archive unpacks to more than this many times its packed size… */
  maxRatio: number;
  /** …once it unpacks to more than this (small, very repetitive files are harmless). */
  ratioAppliesAbove: number;
}

/**
 * Whether unpacking every entry stays within the budget. The central directory's sizes are checked
 * first, then each entry is actually inflated (streamed, never held in memory) with a running
 * count, because a crafted archive can declare small sizes and still expand without bound.
 * Encrypted entries and methods other than stored/deflate are refused.
 */
export async function zipWithinBudget(
  filePath: string,
  entries: ZipEntry[],
  budget: UnzipBudget,
): Promise<boolean> {
  let declared = 0;
  let packed = 0;
  for (const entry of entries) {
    if (entry.flags & 0x01) return false;
    if (entry.method !== 0 && entry.method !== 8) return false;
    declared += entry.uncompressedSize;
    packed += entry.compressedSize;
  }
  if (!ratioOk(declared, packed, budget)) return false;

  const handle = await fs.open(filePath, 'r');
  let inflated = 0;
  try {
    const { size } = await handle.stat();
    for (const entry of entries) {
      const local = await readAt(handle, entry.localHeaderOffset, 30);
      if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_SIGNATURE) return false;
      const dataStart = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      if (dataStart + entry.compressedSize > size) return false;
      if (entry.method === 0) {
        inflated += entry.compressedSize;
      } else if (entry.compressedSize > 0) {
        const room = Math.min(budget.maxUncompressedBytes - inflated, entry.uncompressedSize);
        const produced = await inflatedSize(filePath, dataStart, entry.compressedSize, room);
        if (produced === null) return false;
        inflated += produced;
      }
      if (inflated > budget.maxUncompressedBytes) return false;
    }
  } finally {
    await handle.close();
  }
  return ratioOk(inflated, packed, budget);
}

function ratioOk(unpacked: number, packed: number, budget: UnzipBudget): boolean {
  if (unpacked > budget.maxUncompressedBytes) return false;
  if (unpacked <= budget.ratioAppliesAbove) return true;
  return unpacked <= budget.maxRatio * Math.max(packed, 1);
}

class OverBudget extends Error {}

/** Bytes a deflated range inflates to, or null when it is corrupt or would exceed `limit`. */
async function inflatedSize(filePath: string, start: number, length: number, limit: number) {
  let count = 0;
  try {
    await pipeline(
      createReadStream(filePath, { start, end: start + length - 1 }),
      createInflateRaw(),
      async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) {
          count += chunk.length;
          if (count > limit) throw new OverBudget();
        }
      },
    );
    return count;
  } catch {
    return null;
  }
}

function findEndOfCentralDirectory(tail: Buffer): number {
  for (let at = tail.length - EOCD_SIZE; at >= 0; at--) {
    if (
      tail.readUInt32LE(at) === EOCD_SIGNATURE &&
      at + EOCD_SIZE + tail.readUInt16LE(at + 20) === tail.length
    ) {
      return at;
    }
  }
  return -1;
}

async function readAt(handle: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(buffer, read, length - read, position + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return buffer.subarray(0, read);
}
