import { describeSize, fitDistance, formatMm, gridFor, sizeLabel } from './viewer-math';

describe('the viewer’s arithmetic', () => {
  it('writes lengths in mm, rounded as people read them', () => {
    expect(formatMm(20)).toBe('20 mm');
    expect(formatMm(12.345)).toBe('12.3 mm');
    expect(formatMm(1234.4)).toBe('1,234 mm');
    expect(formatMm(0.256)).toBe('0.26 mm');
  });

  it('reads a view.glb’s units as mm (ADR 0053): width × depth × height (Y is up)', () => {
    expect(describeSize({ x: 20, y: 5, z: 10 })).toBe('20 mm × 10 mm × 5 mm');
    expect(sizeLabel({ x: 20, y: 5, z: 10 })).toBe('Width 20 mm, depth 10 mm, height 5 mm');
    // A file in metres, told so.
    expect(describeSize({ x: 0.02, y: 0.005, z: 0.01 }, 1000)).toBe('20 mm × 10 mm × 5 mm');
  });

  it('stands the camera far enough to see the whole sphere, the narrow side deciding', () => {
    const wide = fitDistance(1, 45, 2);
    const tall = fitDistance(1, 45, 0.5);
    expect(wide).toBeGreaterThan(1 / Math.sin((22.5 * Math.PI) / 180));
    expect(tall).toBeGreaterThan(wide);
    expect(fitDistance(0, 45, 1)).toBeGreaterThan(0);
  });

  it('sizes the ground grid a round step larger than the footprint', () => {
    expect(gridFor({ x: 0.02, y: 1, z: 0.01 })).toEqual({ size: 0.05, divisions: 10 });
    expect(gridFor({ x: 3, y: 0, z: 1 }).size).toBe(5);
  });
});
