/** Object keys in the injector bucket: `<YYYY-MM-DD>/<userId>/<sanitized name>`. */
export const objectKeys = {
  file: (date: string, userId: number, name: string) => `${date}/${userId}/${name}`,
  userPrefix: (date: string, userId: number) => `${date}/${userId}/`,
  datePrefix: (date: string) => `${date}/`,
  /** `<date>/<userId>/<name>` → its parts, or undefined for a key of another shape. */
  parse: (key: string): { date: string; userId: number; name: string } | undefined => {
    const m = /^(\d{4}-\d{2}-\d{2})\/(\d+)\/([^/]+)$/.exec(key);
    return m ? { date: m[1]!, userId: Number(m[2]), name: m[3]! } : undefined;
  },
} as const;
