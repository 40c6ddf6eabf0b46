import { MEDIA_PREVIEW_MESSAGES } from '@kiln/contracts';
import createDOMPurify from 'dompurify';
import DxfParser from 'dxf-parser';
import { JSDOM } from 'jsdom';
import { PreviewFailure } from '../../ports/media-previews.port';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A url(…) in CSS that points anywhere but a fragment of the same document. */
const EXTERNAL_CSS_URL = /url\s*\(\s*(?!['"]?\s*#)[^)]*\)/gi;
const CSS_IMPORT = /@import[^;]*;?/gi;
/** Links may point only inside the drawing (`#id`). */
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction']);
const localLink = (value: string) => value.trim().startsWith('#');

const window = new JSDOM('').window;
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  const name = data.attrName.toLowerCase();
  if (LINK_ATTRIBUTES.has(name) && !localLink(data.attrValue)) data.keepAttr = false;
  // Presentation attributes are CSS values too (fill="url(http://…)").
  if (name === 'style' || /url\s*\(|image-set|\\/i.test(data.attrValue)) {
    data.attrValue = cleanCss(data.attrValue);
    if (!data.attrValue) data.keepAttr = false;
  }
});
purify.addHook('uponSanitizeElement', (node) => {
  if (node.nodeName.toLowerCase() === 'style' && node.textContent) node.textContent = cleanCss(node.textContent);
});

/** image-set() may name a file without url(). */
const CSS_IMAGE_SET = /(?:-webkit-)?image-set\s*\([^)]*\)/gi;

/**
 * CSS of the drawing with nothing that loads from elsewhere. A backslash can spell `url` or `@import` in
 * escapes (`\75 rl(…)`): CSS holding one is dropped whole, as are comments (they can split a word).
 */
function cleanCss(css: string): string {
  if (css.includes('\\') || css.includes('/*')) return '';
  return css.replace(CSS_IMPORT, '').replace(CSS_IMAGE_SET, 'none').replace(EXTERNAL_CSS_URL, 'none');
}

/** A drawing ready to store: the SVG text and its size when it has one. */
export interface Drawing {
  svg: string;
  width?: number;
  height?: number;
}

/** Deeper than this, an SVG is refused before it is parsed (a parser's and a sanitiser's time grow with it). */
export const MAX_SVG_DEPTH = 200;

/**
 * An SVG as anyone may see it (ADR 0053): parsed as XML without its DOCTYPE (so no entity is declared or
 * expanded), then cleaned by DOMPurify's SVG profile: no script, no event attributes, no foreignObject,
 * no link or `<use>` to anything but `#fragment`, no CSS url() or @import outside the drawing. Runs in the
 * conversion worker (its time limited); the thumbnail is drawn from the result by `drawingThumbnail` (drawing-thumbnail.ts).
 */
export function svgDrawing(bytes: Buffer): Drawing {
  const svg = sanitiseSvg(bytes.toString('utf8'));
  const size = svgSize(svg);
  return { svg, ...(size ? size : {}) };
}

/** How deeply the elements of an XML text nest, read from its tags alone (no parser). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  const tag = /<(\/?)[A-Za-z_][^>]*?(\/?)>/g;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    if (m[1]) depth--;
    else if (!m[2]) deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}

export function sanitiseSvg(text: string): string {
  // A DOCTYPE is where entities are declared (XXE, billion laughs): it goes before anything parses the text.
  const withoutDoctype = text.replace(/^\uFEFF/, '').replace(/<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>/gi, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(withoutDoctype)) throw new PreviewFailure(MEDIA_PREVIEW_MESSAGES.unreadableSvg);
  if (nestingDepth(withoutDoctype) > MAX_SVG_DEPTH) throw new PreviewFailure(MEDIA_PREVIEW_MESSAGES.tooDeepSvg(MAX_SVG_DEPTH));
  const parsed = new window.DOMParser().parseFromString(withoutDoctype, 'image/svg+xml');
  const root = parsed.documentElement;
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg' || parsed.getElementsByTagName('parsererror').length > 0) {
    throw new PreviewFailure(MEDIA_PREVIEW_MESSAGES.unreadableSvg);
  }
  const clean = purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'embed', 'object', 'a', 'image', 'feImage', 'animate', 'set', 'animateMotion', 'animateTransform'],
    ALLOW_DATA_ATTR: false,
    IN_PLACE: false,
    RETURN_DOM: true,
    PARSER_MEDIA_TYPE: 'application/xhtml+xml',
    NAMESPACE: SVG_NS,
  }) as unknown as Element;
  const svg = clean.localName === 'svg' ? clean : clean.querySelector('svg');
  if (!svg) throw new PreviewFailure(MEDIA_PREVIEW_MESSAGES.unreadableSvg);
  if (!svg.getAttribute('xmlns')) svg.setAttribute('xmlns', SVG_NS);
  return new window.XMLSerializer().serializeToString(svg);
}

/** The drawing's size from its width and height (plain numbers or px), else its viewBox. */
function svgSize(svg: string): { width: number; height: number } | null {
  const root = new window.DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  const number = (value: string | null) => (value && /^\s*[\d.]+\s*(px)?\s*$/.test(value) ? parseFloat(value) : NaN);
  const [width, height] = [number(root.getAttribute('width')), number(root.getAttribute('height'))];
  if (width > 0 && height > 0) return { width, height };
  const box = (root.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
  return box.length === 4 && box[2]! > 0 && box[3]! > 0 ? { width: box[2]!, height: box[3]! } : null;
}

interface Point {
  x: number;
  y: number;
}
interface DxfEntity {
  type: string;
  vertices?: (Point & { bulge?: number })[];
  shape?: boolean;
  center?: Point;
  radius?: number;
  startAngle?: number;
  endAngle?: number;
  controlPoints?: Point[];
  fitPoints?: Point[];
  majorAxisEndPoint?: Point;
  axisRatio?: number;
}

/**
 * A DXF's drawing as SVG (ADR 0053): read by dxf-parser; lines, polylines (closed or not), circles, arcs,
 * ellipses and splines (through their points) are drawn, y up, fitted to their bounds. Runs in the
 * conversion worker, like an SVG's sanitising.
 */
export function dxfDrawing(bytes: Buffer): Drawing {
  let entities: DxfEntity[];
  try {
    const parsed = new DxfParser().parseSync(bytes.toString('utf8')) as { entities?: DxfEntity[] } | null;
    entities = parsed?.entities ?? [];
  } catch {
    throw new PreviewFailure(MEDIA_PREVIEW_MESSAGES.unreadableDxf);
  }
  const drawing = dxfToSvg(entities);
  if (!drawing) throw new PreviewFailure(MEDIA_PREVIEW_MESSAGES.emptyDrawing);
  return { svg: drawing.text, width: drawing.width, height: drawing.height };
}

const finite = (...values: (number | undefined)[]) => values.every((v) => typeof v === 'number' && Number.isFinite(v));
const fmt = (n: number) => String(Math.round(n * 1000) / 1000);

export function dxfToSvg(entities: DxfEntity[]): { text: string; width: number; height: number } | null {
  const paths: string[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  const seen = (x: number, y: number) => {
    xs.push(x);
    ys.push(y);
  };
  const polyline = (points: Point[], closed: boolean) => {
    const valid = points.filter((p) => finite(p.x, p.y));
    if (valid.length < 2) return;
    valid.forEach((p) => seen(p.x, p.y));
    paths.push(`M${valid.map((p) => `${fmt(p.x)} ${fmt(p.y)}`).join('L')}${closed ? 'Z' : ''}`);
  };
  for (const entity of entities) {
    switch (entity.type) {
      case 'LINE':
      case 'LWPOLYLINE':
      case 'POLYLINE':
        polyline(entity.vertices ?? [], Boolean(entity.shape));
        break;
      case 'SPLINE':
        polyline(entity.fitPoints?.length ? entity.fitPoints : (entity.controlPoints ?? []), false);
        break;
      case 'CIRCLE': {
        const { center: c, radius: r } = entity;
        if (!c || !finite(c.x, c.y, r) || r! <= 0) break;
        seen(c.x - r!, c.y - r!);
        seen(c.x + r!, c.y + r!);
        paths.push(`M${fmt(c.x - r!)} ${fmt(c.y)}a${fmt(r!)} ${fmt(r!)} 0 1 0 ${fmt(2 * r!)} 0a${fmt(r!)} ${fmt(r!)} 0 1 0 ${fmt(-2 * r!)} 0`);
        break;
      }
      case 'ARC': {
        const { center: c, radius: r, startAngle: a0, endAngle: a1 } = entity;
        if (!c || !finite(c.x, c.y, r, a0, a1) || r! <= 0) break;
        // Counter-clockwise from start to end (radians); drawn as points so the bounds are the arc's own.
        let sweep = a1! - a0!;
        while (sweep <= 0) sweep += 2 * Math.PI;
        const steps = Math.max(8, Math.ceil((sweep / (2 * Math.PI)) * 64));
        polyline(
          Array.from({ length: steps + 1 }, (_, i) => ({
            x: c.x + r! * Math.cos(a0! + (sweep * i) / steps),
            y: c.y + r! * Math.sin(a0! + (sweep * i) / steps),
          })),
          false,
        );
        break;
      }
      case 'ELLIPSE': {
        const { center: c, majorAxisEndPoint: m, axisRatio: k } = entity;
        if (!c || !m || !finite(c.x, c.y, m.x, m.y, k)) break;
        const a0 = entity.startAngle ?? 0;
        let sweep = (entity.endAngle ?? 2 * Math.PI) - a0;
        while (sweep <= 0) sweep += 2 * Math.PI;
        const steps = 64;
        polyline(
          Array.from({ length: steps + 1 }, (_, i) => {
            const t = a0 + (sweep * i) / steps;
            return { x: c.x + m.x * Math.cos(t) - m.y * k! * Math.sin(t), y: c.y + m.y * Math.cos(t) + m.x * k! * Math.sin(t) };
          }),
          false,
        );
        break;
      }
      default:
        break;
    }
  }
  if (paths.length === 0) return null;
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const width = Math.max(maxX - minX, 1e-6);
  const height = Math.max(maxY - minY, 1e-6);
  const margin = Math.max(width, height) * 0.02;
  const stroke = Math.max(width, height) / 400;
  // y grows up in a drawing and down in SVG: flipped about the bounds.
  const text =
    `<svg xmlns="${SVG_NS}" viewBox="${fmt(minX - margin)} ${fmt(-maxY - margin)} ${fmt(width + 2 * margin)} ${fmt(height + 2 * margin)}" ` +
    `width="${fmt(width + 2 * margin)}" height="${fmt(height + 2 * margin)}">` +
    `<rect x="${fmt(minX - margin)}" y="${fmt(-maxY - margin)}" width="${fmt(width + 2 * margin)}" height="${fmt(height + 2 * margin)}" fill="#ffffff"/>` +
    `<g transform="scale(1 -1)" fill="none" stroke="#1f2937" stroke-width="${fmt(stroke)}" stroke-linecap="round" stroke-linejoin="round">` +
    paths.map((d) => `<path d="${d}"/>`).join('') +
    '</g></svg>';
  return { text, width: width + 2 * margin, height: height + 2 * margin };
}
