import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { preloadFirstPageCode } from './app/early-start';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { initialLocale, loadLocale } from './lib/i18n/load-locale';

const router = createAppRouter();
const mountElement = document.getElementById('app');
if (!mountElement) throw new Error('The page has no element with the id "app" to mount Figgle in');

const root = mountElement;
// The page's chunks are evaluated while the messages load: its first render is the page, not a loader
// (docs/machinery/timeline-cold-paint.md).
preloadFirstPageCode();
// The language's messages are in place before the first render, so no screen flashes in English.
void loadLocale(initialLocale()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
