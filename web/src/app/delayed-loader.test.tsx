import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DelayedLoader, LOADER_DELAY_MS, scheduleReveal } from './delayed-loader.tsx';

describe('DelayedLoader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 190 ms before showing the spinner', () => {
    expect(LOADER_DELAY_MS).toBe(190);
    const reveal = vi.fn();
    scheduleReveal(LOADER_DELAY_MS, false, reveal);
    vi.advanceTimersByTime(189);
    expect(reveal).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reveal).toHaveBeenCalledTimes(1);
  });

  it('never shows the spinner when the load ends before 190 ms', () => {
    const reveal = vi.fn();
    const cancel = scheduleReveal(LOADER_DELAY_MS, false, reveal);
    vi.advanceTimersByTime(150);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(reveal).not.toHaveBeenCalled();
  });

  it('shows the spinner at once when configured as always shown', () => {
    const reveal = vi.fn();
    scheduleReveal(LOADER_DELAY_MS, true, reveal);
    expect(reveal).toHaveBeenCalledTimes(1);
  });

  it('renders nothing at first, or the spinner at once with `always`', () => {
    const render = (always: boolean) =>
      renderToStaticMarkup(
        <MantineProvider>
          <DelayedLoader always={always} label="loading" />
        </MantineProvider>,
      );
    expect(render(false)).not.toContain('role="status"');
    expect(render(true)).toContain('role="status"');
  });
});
