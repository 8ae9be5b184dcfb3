// Compression of the API's large JSON answers. The picker's list of everyone (GET /typeahead2/user) grows
// with the club: 215 KB for the 2,300 people of the bench's 1M-event log, which a phone on mobile data
// fetches when a member opens the transfer page. Answers below the threshold are sent as they are: with
// their headers they fit in TCP's first flight (10 segments, about 14.6 KB), so compressing them would
// cost CPU on every read and save no round trip. Static files are not this plugin's: they are compressed
// at build time (web/compress-assets-plugin.ts). Only JSON is compressed; files and exports keep theirs.
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers of at least this many bytes are compressed for a client that accepts br or gzip. */
export const COMPRESS_THRESHOLD_BYTES = 12 * 1024;

export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    globalCompression: true,
    // No client of the portal sends a compressed body; inflating request bodies would be a way in for
    // a small request that grows large on the server, so a compressed body stays unreadable (400).
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json(?:;|$)/,
    // Brotli's default quality (11) took 250 ms for a 220 KB list of people; quality 4 took 1 ms for 8 KB,
    // where gzip took 1.2 ms for 20 KB (node:zlib on the bench machine).
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
