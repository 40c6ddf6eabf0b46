import { contrast, readableTextOn } from './contrast';

// The avatar palette of @kiln/domain's userDataShort.
const PALETTE = ['#E57373', '#64B5F6', '#81C784', '#FFB74D', '#BA68C8', '#4DB6AC', '#F06292', '#7986CB'];

describe('avatar initials', () => {
  it('reach 4.5:1 on every colour an avatar can have', () => {
    for (const colour of [...PALETTE, '#000000', '#ffffff', '#fff']) expect(contrast(readableTextOn(colour), colour)).toBeGreaterThanOrEqual(4.5);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#81C784')).toBeLessThan(2.2);
  });
});
