import { describe, expect, it } from 'vitest';
import { MAX_TICK_PX, fitTick } from './line-chart.tsx';

/** A stand-in for the canvas: 7 px a character. */
const measure = (text: string) => text.length * 7;

describe('x labels of the line chart', () => {
  it('keeps a label that fits', () => {
    expect(fitTick('dim. 25 oct.', measure)).toBe('dim. 25 oct.');
  });

  it('cuts a long label to the widest a label may be, and ends it with an ellipsis', () => {
    const label = fitTick('1200 rue Sherbrooke Ouest, Montréal', measure);
    expect(label).toBe('1200 rue Sherb…');
    expect(measure(label)).toBeLessThanOrEqual(MAX_TICK_PX);
    expect(measure(label.slice(0, -1) + 'r…')).toBeGreaterThan(MAX_TICK_PX);
  });

  it('leaves no space before the ellipsis', () => {
    expect(fitTick('abcdefgh ijklmnop', measure, 70)).toBe('abcdefgh…');
  });
});
