/**
 * The session token, kept in localStorage so a reload restores the session
 * (part 1 section 4: on load a stored token is verified with the server).
 * Components subscribe through useSyncExternalStore (see areas/session/use-session.ts).
 */
const STORAGE_KEY = 'immo.session.token';

type Listener = () => void;
const listeners = new Set<Listener>();
let memory: string | null = null;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export const sessionToken = {
  get(): string | null {
    return storage()?.getItem(STORAGE_KEY) ?? memory;
  },
  set(token: string): void {
    memory = token;
    storage()?.setItem(STORAGE_KEY, token);
    listeners.forEach((l) => l());
  },
  clear(): void {
    memory = null;
    storage()?.removeItem(STORAGE_KEY);
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /**
   * Calls `changed` when another tab logs out or in (the stored token changes there): this tab
   * takes the stored token as its own, so it neither keeps a dead one nor sends none.
   */
  onChangeElsewhere(changed: () => void): () => void {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEY && event.key !== null) return;
      memory = storage()?.getItem(STORAGE_KEY) ?? null;
      listeners.forEach((l) => l());
      changed();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};
