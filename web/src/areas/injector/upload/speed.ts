/** Overall speed of several uploads: bytes sent by all of them since the first started. */
export function speedMeter(now: () => number = () => Date.now()) {
  let started: number | undefined;
  const sent = new Map<string, number>();
  return {
    /** Bytes this file has sent in this run. */
    update(id: string, bytes: number): void {
      started ??= now();
      sent.set(id, bytes);
    },
    bytesPerSecond(): number {
      if (started === undefined) return 0;
      const seconds = (now() - started) / 1000;
      let total = 0;
      for (const bytes of sent.values()) total += bytes;
      return seconds > 0 ? total / seconds : 0;
    },
    reset(): void {
      started = undefined;
      sent.clear();
    },
  };
}
