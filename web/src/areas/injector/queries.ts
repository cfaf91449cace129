import { queryOptions } from '@tanstack/react-query';
import { getDownloadLink, getFilesOnServer } from '#shared/catalogue/rij.ts';
import { callOperation } from '../../api/client.ts';
import { injectorApi, type OperationCaller } from './upload/index.ts';

/** Query options of the remote-injection screen; uploads invalidate `files`. */
export const injectorQueries = {
  all: () => ['injector'] as const,
  files: (date: string) =>
    queryOptions({
      queryKey: [...injectorQueries.all(), 'files', date] as const,
      queryFn: ({ signal }) => callOperation(getFilesOnServer, { date, showOnlyUserFiles: 'true' }, { signal }),
      select: (answer) => answer.files,
    }),
};

export function fetchDownloadLink(filename: string, date: string) {
  return callOperation(getDownloadLink, { filename, date });
}

/** The upload module's API, bound to the web client (session token, error mapping). */
export const webInjectorApi = injectorApi(((op, input) => callOperation(op, input)) as OperationCaller);
