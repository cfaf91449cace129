import { Center, Loader, type MantineSize } from '@mantine/core';
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
  size?: MantineSize;
  /** Inside an input or beside a text: the spinner alone, without the centred padded box of a screen's loader. */
  inline?: boolean;
}

export function DelayedLoader({ always = false, delayMs = LOADER_DELAY_MS, label, size, inline = false }: DelayedLoaderProps) {
  const [visible, setVisible] = useState(always);
  useEffect(() => scheduleReveal(delayMs, always, () => setVisible(true)), [delayMs, always]);
  if (!visible) return null;
  if (inline) return <Loader size={size} role={label ? 'status' : undefined} aria-label={label} />;
  return (
    <Center p="xl" role="status" aria-label={label}>
      <Loader size={size} />
    </Center>
  );
}
