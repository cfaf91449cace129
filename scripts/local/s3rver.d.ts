declare module 's3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
    allowMismatchedSignatures?: boolean;
    resetOnClose?: boolean;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** S3 event notifications ('event': { Records: [...] }, as a bucket notification sends them). */
    on(event: 'event', listener: (event: unknown) => void): this;
  }
}
