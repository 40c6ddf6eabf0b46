import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ZipFile } from 'yazl';

/** Small fixture plugins, made by the tests as zip archives (yazl). */
export async function zipOf(files: Record<string, string | Buffer>, options: { symlink?: string } = {}): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, { mode: 0o100644 });
  if (options.symlink) zip.addBuffer(Buffer.from('/etc/passwd'), options.symlink, { mode: 0o120777 });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const pkg = (build: string, extra: object = {}) =>
  JSON.stringify({ name: 'fixture-plugin', version: '1.0.0', private: true, main: 'dist/index.js', scripts: { build }, ...extra });

/** Builds: writes dist/index.js and a manifest with 2 groups and 3 nodes (no dependencies: install needs no network). */
export const buildingPlugin = () =>
  zipOf({
    'fixture/package.json': pkg('node build.js'),
    'fixture/build.js': [
      "const fs = require('fs');",
      "fs.mkdirSync('dist', { recursive: true });",
      "fs.writeFileSync('dist/index.js', 'module.exports = { hello: () => \"hi\" };\\n');",
      "fs.writeFileSync('dist/kiln-plugin.json', JSON.stringify({ groups: [{ name: 'A', nodes: [1, 2] }, { name: 'B', nodes: [3] }] }));",
      "console.log('built 2 files');",
    ].join('\n'),
  });

export const failingPlugin = () => zipOf({ 'package.json': pkg('node -e "console.error(\'boom: the build broke\'); process.exit(2)"') });
export const loopingPlugin = () => zipOf({ 'package.json': pkg('node -e "for(;;){}"') });
/** A build that takes a while (to be interrupted by a restart), then builds. */
export const slowPlugin = (ms: number) =>
  zipOf({ 'package.json': pkg(`node -e "setTimeout(() => { require('fs').mkdirSync('dist'); require('fs').writeFileSync('dist/index.js', '1') }, ${ms})"`) });
/** A build that tries the network and our data: both must fail inside the sandbox. */
export const snoopingPlugin = (secretFile: string) =>
  zipOf({
    'package.json': pkg(
      `node -e "const fs=require('fs');fs.mkdirSync('dist');let r=[];` +
        `try{fs.readFileSync('${secretFile}');r.push('read-secret')}catch{r.push('no-secret')};` +
        `r.push(process.env.DATABASE_URL?'env-leak':'env-clean');` +
        `require('net').connect(5432,'127.0.0.1').on('connect',()=>{r.push('net');done()}).on('error',()=>{r.push('no-net');done()});` +
        `function done(){fs.writeFileSync('dist/r.txt',r.join(','));console.log(r.join(','))}"`,
    ),
  });

/** An entry named ../evil.js: made as aa/evil.js, then renamed in the archive's bytes (yazl refuses '..'). */
export async function zipSlip(): Promise<Buffer> {
  const zip = await zipOf({ 'package.json': pkg('true'), 'aa/evil.js': 'pwned' });
  return Buffer.from(zip.toString('latin1').split('aa/evil.js').join('../evil.js'), 'latin1');
}

/** 20 MiB of zeros in a few KiB. */
export const zipBomb = () => zipOf({ 'package.json': pkg('true'), 'zeros.bin': Buffer.alloc(20 * 1024 * 1024) });

/** Stores an upload where the assets service puts media (local-disk storage). */
export function storeMedia(storageDir: string, mediaId: string, content: Buffer): void {
  mkdirSync(join(storageDir, 'media'), { recursive: true });
  writeFileSync(join(storageDir, 'media', mediaId), content);
}
