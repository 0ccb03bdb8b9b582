/**
 * Raised when the service rejects the token (401 Bad credentials) anywhere in
 * the app, so the shell can say so once, with the way to fix it.
 */

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
