/** Part 1 sections 2.3 and 9: in December the footer shows a falling-snow decoration. */
export function isSnowSeason(date: Date): boolean {
  return date.getMonth() === 11;
}

export interface Flake {
  left: number;
  size: number;
  durationS: number;
  delayS: number;
}

/** Deterministic flakes (no Math.random), so renders are stable. */
export function flakes(count: number): Flake[] {
  return Array.from({ length: count }, (_, i) => ({
    left: (i * 37) % 100,
    size: 0.6 + ((i * 7) % 5) * 0.15,
    durationS: 8 + ((i * 13) % 7),
    delayS: -((i * 11) % 10),
  }));
}
