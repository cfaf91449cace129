import { queryOptions } from '@tanstack/react-query';
import { APP_CONFIG_PATH, LOCAL_APP_CONFIG, parseAppConfig, type AppConfig } from '#shared/http/app-config.ts';

/**
 * The deployment's run-time config (shared/http/app-config.ts), read once per page load. A missing
 * or unreadable file means the local values: the app never fails to start over it.
 */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'] as const,
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
  queryFn: async ({ signal }): Promise<AppConfig> => {
    try {
      const res = await fetch(APP_CONFIG_PATH, { signal, headers: { accept: 'application/json' } });
      return res.ok ? parseAppConfig(await res.json()) : LOCAL_APP_CONFIG;
    } catch (error) {
      if (signal.aborted) throw error;
      return LOCAL_APP_CONFIG;
    }
  },
});
