#!/usr/bin/env node
// Runs after `vite build`: writes file.br (brotli, quality 11) and file.gz (gzip, level 9) next to every text
// file of dist/ larger than 1 KB, which the server sends as they are (@fastify/static `preCompressed`), so no
// CPU is spent compressing the same assets per request (decision 011).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.join(webDir, 'dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(full);
    } else if (COMPRESSIBLE.test(entry.name)) {
      yield full;
    }
  }
}

let count = 0;
let before = 0;
let afterBrotli = 0;
for (const file of files(dist)) {
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  count += 1;
  before += content.length;
  afterBrotli += brotli.length;
}
console.log(
  `precompressed ${count} files: ${(before / 1024).toFixed(0)} KB → ${(afterBrotli / 1024).toFixed(0)} KB brotli (+ gzip)`,
);
