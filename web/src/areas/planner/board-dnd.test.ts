import { afterEach, describe, expect, it, vi } from 'vitest';
import { revealZone } from './board-dnd.ts';

/** The keyboard drag brings the zone it steps to on screen itself, where dnd-kit's sensor does not scroll again (docs/decisions/0375). */
describe('revealZone', () => {
  const scrollBy = vi.fn();
  vi.stubGlobal('window', { innerHeight: 1000, scrollBy });
  afterEach(() => scrollBy.mockClear());
  const zone = (top: number, height = 400) => ({ getBoundingClientRect: () => ({ top, height }) }) as unknown as Element;

  it('leaves the page alone when the zone is in the half dnd-kit accepts (top half going down, bottom half going up)', () => {
    revealZone(zone(100), 1);
    revealZone(zone(700), -1);
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('going down, puts a zone below the middle (or above the screen, wrapping round) a quarter down the screen', () => {
    revealZone(zone(3000), 1);
    expect(scrollBy).toHaveBeenLastCalledWith({ top: 3024 - 250, behavior: 'instant' });
    revealZone(zone(-8000), 1);
    expect(scrollBy).toHaveBeenLastCalledWith({ top: -7976 - 250, behavior: 'instant' });
  });

  it('going up, puts a zone above the middle (or below the screen, wrapping round) three quarters down the screen', () => {
    revealZone(zone(-500), -1);
    expect(scrollBy).toHaveBeenLastCalledWith({ top: -476 - 750, behavior: 'instant' });
    revealZone(zone(9000), -1);
    expect(scrollBy).toHaveBeenLastCalledWith({ top: 9024 - 750, behavior: 'instant' });
  });

  it('aims at the drop point: 24 px into the zone, or its middle when it is shorter', () => {
    revealZone(zone(480, 30), 1);
    expect(scrollBy).not.toHaveBeenCalled();
    revealZone(zone(480, 400), 1);
    expect(scrollBy).toHaveBeenLastCalledWith({ top: 504 - 250, behavior: 'instant' });
  });
});
