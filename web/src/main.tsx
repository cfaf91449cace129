// First: with a stored session, its check leaves before anything else is evaluated (ADR 0395).
import './boot-session-check.ts';
import '@mantine/core/styles.css';
import './app/small-screens.css';
import './app/button-spinner.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isApiError, onUnauthorized } from './api/client.ts';
import { sessionToken } from './api/session-token.ts';
import { AlertProvider } from './app/alert-provider.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { endSession, preloadSessionOperations } from './areas/session/queries.ts';
import { setupI18n } from './i18n/index.ts';
import { createAppRouter, loadLoginPage, preloadScreen } from './router.tsx';

setupI18n();
preloadSessionOperations();
// Without a stored session the first screen is /login: its chunk loads while the router starts.
// With one, the screen's own chunks load while the session is checked (docs/decisions/0350).
if (!sessionToken.get()) void loadLoginPage();
else preloadScreen(window.location.pathname);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors (4xx) are answers, not glitches: never retried.
      retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    },
  },
});

const router = createAppRouter(queryClient);

// Any 401 (other than login's) means the session is over: forget it and re-run the
// guards, which send the user to /login keeping where they were.
onUnauthorized(() => {
  if (!sessionToken.get()) return;
  endSession(queryClient);
  void router.invalidate();
});

// Logged out (or in as someone else) in another tab: this one forgets what it cached and re-runs the
// guards, which send it to /login keeping where it was, or on with the new session.
sessionToken.onChangeElsewhere(() => {
  queryClient.clear();
  void router.invalidate();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <AlertProvider>
          <RouterProvider router={router} />
        </AlertProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
