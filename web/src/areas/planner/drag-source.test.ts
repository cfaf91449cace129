import { describe, expect, it, vi } from 'vitest';
import type { PlannerShooting } from '#shared/catalogue/planner.ts';
import { dragId, listenerOf, needsArming } from './drag-source.tsx';

/** The board's one draggable (docs/decisions/0375): which of dnd-kit's listeners a handle's event goes to, and when it re-arms. */
describe('planner drag source', () => {
  const shooting = { id: 7 } as PlannerShooting;
  const button = {} as HTMLElement;

  it("hands a pointer-down and a key-down to dnd-kit's listeners of the same name, nothing else", () => {
    const onPointerDown = vi.fn();
    const onKeyDown = vi.fn();
    const listeners = { onPointerDown, onKeyDown };
    expect(listenerOf(listeners, 'pointerdown')).toBe(onPointerDown);
    expect(listenerOf(listeners, 'keydown')).toBe(onKeyDown);
    expect(listenerOf(listeners, 'keyup')).toBeUndefined();
    // A disabled draggable has no listeners.
    expect(listenerOf(undefined, 'keydown')).toBeUndefined();
  });

  it('arms again for another shooting, a newer copy of it, or another button; not for the same press target', () => {
    expect(needsArming(null, shooting, button)).toBe(true);
    expect(needsArming({ shooting, node: button }, shooting, button)).toBe(false);
    expect(needsArming({ shooting, node: button }, { ...shooting }, button)).toBe(true);
    expect(needsArming({ shooting, node: button }, { id: 8 } as PlannerShooting, button)).toBe(true);
    expect(needsArming({ shooting, node: button }, shooting, {} as HTMLElement)).toBe(true);
  });

  it("names a shooting's draggable as before", () => {
    expect(dragId(shooting)).toBe('shooting-7');
  });
});
