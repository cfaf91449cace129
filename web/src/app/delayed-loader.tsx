import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Part 1 section 2.3: the loading spinner appears only after 190 ms unless configured as always shown. */
export const LOADER_DELAY_MS = 190;

/** Calls reveal after delayMs (at once when always); returns the cancel function. */
export function scheduleReveal(delayMs: number, always: boolean, reveal: () => void): () => void {
  if (always || delayMs <= 0) {
    reveal();
    return () => {};
  }
  const timer = setTimeout(reveal, delayMs);
  return () => clearTimeout(timer);
}

export interface DelayedLoaderProps {
  /** Configured as always shown: no delay. */
  always?: boolean;
  delayMs?: number;
  label?: string;
}

export function DelayedLoader({ always = false, delayMs = LOADER_DELAY_MS, label }: DelayedLoaderProps) {
  const [visible, setVisible] = useState(always);
  useEffect(() => scheduleReveal(delayMs, always, () => setVisible(true)), [delayMs, always]);
  if (!visible) return null;
  return (
    <Center p="xl" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
