/** What every area seeder receives. */
export interface SeedContext {
  now: Date;
  log: (line: string) => void;
}

export type Seeder = (context: SeedContext) => Promise<void>;
