import type { VideoBroker } from '#shared/catalogue/videos.ts';

/** A broker of `brokers` by id, as the videos screens name them: first and last name, or '#id' when the server gave no name. */
export function brokerName(brokers: readonly VideoBroker[], id: number): string {
  const broker = brokers.find((b) => b.id === id);
  return (broker && `${broker.firstname} ${broker.lastname}`.trim()) || `#${id}`;
}
