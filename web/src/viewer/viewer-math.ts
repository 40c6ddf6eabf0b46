/**
 * The arithmetic of the 3D viewer (ADR 0054), apart from three.js so jest can test it: the bounding box's
 * size in millimetres as people read it, and where the camera stands to see all of a model.
 */

/**
 * The unit of a `view.glb`: the assets service writes every 3D format's numbers as millimetres (ADR 0053: mesh
 * formats carry no unit and are taken as mm, STEP/IGES are triangulated in mm), so one unit is one mm.
 */
export const MM_PER_UNIT = 1;

export interface Size3 {
  x: number;
  y: number;
  z: number;
}

/** One length in mm: whole millimetres from 100 mm up, one decimal below (at most), two below 1 mm. */
export function formatMm(mm: number): string {
  const abs = Math.abs(mm);
  const digits = abs >= 100 ? 0 : abs >= 1 ? 1 : 2;
  const rounded = Number(mm.toFixed(digits));
  return `${rounded.toLocaleString('en-US', { maximumFractionDigits: digits })} mm`;
}

/** The bounding box as the viewer writes it: width × depth × height (three.js has Y up: x, z, y), in mm. */
export function describeSize(size: Size3, mmPerUnit: number = MM_PER_UNIT): string {
  const [w, d, h] = [size.x, size.z, size.y].map((v) => formatMm(v * mmPerUnit));
  return `${w} × ${d} × ${h}`;
}

/** The same, spoken: "Width 20 mm, depth 10 mm, height 5 mm". */
export function sizeLabel(size: Size3, mmPerUnit: number = MM_PER_UNIT): string {
  return `Width ${formatMm(size.x * mmPerUnit)}, depth ${formatMm(size.z * mmPerUnit)}, height ${formatMm(size.y * mmPerUnit)}`;
}

/**
 * How far from the centre of a sphere of `radius` a camera with a vertical field of view `fovDeg` and this
 * `aspect` (width / height) stands to see all of it, with a margin: the narrower of the two angles decides.
 */
export function fitDistance(radius: number, fovDeg: number, aspect: number, margin = 1.15): number {
  const r = radius > 0 && Number.isFinite(radius) ? radius : 1;
  const vertical = (fovDeg * Math.PI) / 180;
  const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * (aspect > 0 ? aspect : 1));
  const narrowest = Math.min(vertical, horizontal);
  return (r / Math.sin(narrowest / 2)) * margin;
}

/** A ground grid's size and divisions for a model of this footprint: a round size a little larger, about 1 cell per tenth. */
export function gridFor(size: Size3): { size: number; divisions: number } {
  const span = Math.max(size.x, size.z, 1e-6) * 1.6;
  const magnitude = 10 ** Math.floor(Math.log10(span));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= span) ?? 10 * magnitude;
  return { size: step, divisions: 10 };
}
