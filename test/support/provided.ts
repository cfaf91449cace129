/** Values the global setups hand to test files through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dynamoEndpoint: string;
    s3Endpoint: string;
    tableName: string;
    /** The local mail outbox folder (.eml files). */
    mailOutbox: string;
    /** A folder where test/support/days.ts claims each test's own day. */
    dayClaims: string;
  }
}
export {};
