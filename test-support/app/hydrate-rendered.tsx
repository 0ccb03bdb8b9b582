/**
 * Hydrates markup the service's renderer wrote (issue 48) as the browser's start does (src/app/main.tsx):
 * the app's providers and router, in StrictMode, over `container`, which holds that markup in the test's
 * document. Says what React recovered from (a mismatch it rendered afresh) and what it said on the console.
 */
import { StrictMode, act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../src/app/app-providers';
import type { createAppRouter } from '../../src/app/app-router';
import type { AppServices } from '../../src/app/services/app-services-context';

export interface Hydrated {
  root: Root;
  /** the errors React recovered from, a mismatch among them */
  recoverable: unknown[];
  /** what was said on the console while hydrating */
  said: string[];
}

export async function hydrateRendered(container: HTMLElement, services: AppServices, router: ReturnType<typeof createAppRouter>): Promise<Hydrated> {
  const recoverable: unknown[] = [];
  const said: string[] = [];
  let root: Root | undefined;
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void said.push(args.map(String).join(' ')));
  try {
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <AppProviders services={services}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
  } finally {
    consoleError.mockRestore();
  }
  return { root: root!, recoverable, said };
}
