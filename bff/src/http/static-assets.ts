import type { NextFunction, Request, Response } from 'express';
import { readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/**
 * Serves the built web app (web/dist) the way the build left it: brotli and gzip copies made at build
 * time (`x.js.br`, `x.js.gz` beside `x.js`), chosen by Accept-Encoding, br before gzip before identity.
 *
 * - `/assets/*-[hash].*` never change under the same name: cached for a year, `immutable`.
 * - `index.html` (also the answer for client routes such as /favorites) names the current assets: the
 *   browser revalidates it on every load (`no-cache`, with an ETag so that costs a 304).
 * - Only files found in the dist folder when the BFF starts are served: a request is looked up by its
 *   exact path in that list, so no path a client sends can reach a file outside it. Dot folders
 *   (dist/.vite: the build manifest) are not listed. A missing file is a 404, never the app shell.
 */

type Encoding = 'br' | 'gzip';
interface BuiltFile {
  /** Absolute path of the uncompressed file. */
  path: string;
  /** The precompressed copies the build made for it. */
  encoded: Partial<Record<Encoding, string>>;
  /** Cache-Control it is served with. */
  cacheControl: string;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
/** Vite's default output name for emitted chunks and assets: `assets/<name>-<8-character hash>.<ext>`. */
const HASHED = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;
const INDEX = '/index.html';

/** Every file in the dist folder by URL path (`/assets/index-AbCd1234.js`), skipping dot entries and the compressed copies. */
export function indexBuiltFiles(distDir: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !entry.name.endsWith('.br') && !entry.name.endsWith('.gz')) {
        const url = '/' + relative(distDir, path).split(sep).join('/');
        const encoded: BuiltFile['encoded'] = {};
        for (const encoding of Object.keys(SUFFIX) as Encoding[]) {
          if (isFile(path + SUFFIX[encoding])) encoded[encoding] = path + SUFFIX[encoding];
        }
        files.set(url, { path, encoded, cacheControl: HASHED.test(url) ? IMMUTABLE : REVALIDATE });
      }
    }
  };
  walk(distDir);
  return files;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The content codings an Accept-Encoding header allows (q > 0), per RFC 9110 §12.5.3: `*` stands for
 * any not named. Among those allowed the server's preference decides (br is smaller than gzip), as
 * browsers send them with equal weight. With none of them, the file goes out as it is (identity).
 */
export function acceptedEncodings(header: string | undefined): Set<Encoding> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...parameters] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!token) continue;
    const q = parameters.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const allowed = (token: string) => (weights.get(token) ?? weights.get('*') ?? 0) > 0;
  const accepted = new Set<Encoding>();
  if (allowed('br')) accepted.add('br');
  if (allowed('gzip') || allowed('x-gzip')) accepted.add('gzip');
  return accepted;
}

const isApi = (path: string) => path === '/api' || path.startsWith('/api/') || path === '/socket.io' || path.startsWith('/socket.io/');
/**
 * A path that names a file (`/assets/x.js`, `/favicon.ico`: its last part has an extension) rather than a client
 * route (`/favorites`, and the asset library's `/assets/font/{slug}`, spec 001 §2, which shares vite's folder name).
 */
const namesFile = (path: string) => /\.[^/]*$/.test(path);

/** Express middleware serving `distDir`; see the file comment. GET and HEAD only; /api and /socket.io pass through. */
export function staticAssets(distDir: string) {
  const files = indexBuiltFiles(distDir);
  const shell = files.get(INDEX);

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApi(req.path)) return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    // Climbing (`..`), NUL and backslashes name no file of the app: 404, not the app shell.
    if (/(^|\/)\.\.?(\/|$)|[\0\\]/.test(path)) return next();
    const file = files.get(path === '/' ? INDEX : path) ?? (namesFile(path) ? undefined : shell);
    if (!file) return next(); // the app's 404
    send(req, res, next, file);
  };
}

function send(req: Request, res: Response, next: NextFunction, file: BuiltFile) {
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  const encoding = (['br', 'gzip'] as const).find((e) => file.encoded[e] && accepted.has(e));
  // Content-Type of the file itself (send would name the .br file's type otherwise).
  res.type(extname(file.path));
  res.setHeader('Cache-Control', file.cacheControl);
  if (Object.keys(file.encoded).length > 0) res.vary('Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  // send answers HEAD, conditional requests (ETag / Last-Modified → 304) and sets Content-Length.
  res.sendFile(encoding ? file.encoded[encoding]! : file.path, { cacheControl: false, acceptRanges: false, dotfiles: 'allow' }, (error?: Error) => {
    if (error && !res.headersSent) next(error);
  });
}
