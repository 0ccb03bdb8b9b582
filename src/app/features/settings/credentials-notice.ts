/**
 * Raised when the service rejects the token (401 Bad credentials) anywhere in
 * the app, so the shell can say so once, with the way to fix it.
 */
import { useSyncExternalStore } from 'react';
import { useAppServices } from '../../services/app-services-context';

export interface CredentialsNotice {
  getSnapshot(): boolean;
  subscribe(listener: () => void): () => void;
  raise(): void;
  dismiss(): void;
}

export function createCredentialsNotice(): CredentialsNotice {
  let raised = false;
  const listeners = new Set<() => void>();
  const set = (next: boolean): void => {
    if (next === raised) return;
    raised = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot: () => raised,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    raise: () => set(true),
    dismiss: () => set(false),
  };
}

export function useCredentialsNotice(): { raised: boolean; dismiss: () => void } {
  const { credentialsNotice } = useAppServices();
  const raised = useSyncExternalStore(credentialsNotice.subscribe, credentialsNotice.getSnapshot);
  return { raised, dismiss: credentialsNotice.dismiss };
}
