import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The text of a PDF as poppler's pdftotext reads it (`-layout`: a table row stays one line). Needs poppler-utils (.ci/run installs it). */
export function pdfText(pdf: Buffer, layout = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', timeout: 20_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Page count and size of a PDF (pdfinfo). */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const out = execFileSync('pdfinfo', [file], { encoding: 'utf8', timeout: 20_000 });
    return Object.fromEntries(
      out.split('\n').flatMap((line) => (line.includes(':') ? [[line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]] : [])),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
