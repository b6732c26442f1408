/**
 * A tiny external store persisted to localStorage, read from React with `useSyncExternalStore`.
 * Values are validated by `parse` when loaded, so a stale or hand-edited entry falls back to the
 * initial value instead of crashing the app. Changes made in other tabs are picked up too.
 */
export interface Store<T> {
  get(): T;
  set(next: T | ((previous: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createPersistedStore<T>(
  key: string,
  parse: (raw: unknown) => T | undefined,
  initial: T,
): Store<T> {
  const listeners = new Set<() => void>();
  let value = load();

  function load(): T {
    const raw = readStorage(key);
    if (raw === null) return initial;
    try {
      return parse(JSON.parse(raw)) ?? initial;
    } catch {
      return initial;
    }
  }

  function emit() {
    for (const listener of listeners) listener();
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== key && event.key !== null) return;
      value = load();
      emit();
    });
  }

  return {
    get: () => value,
    set(next) {
      value = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
      writeStorage(key, value === initial ? null : JSON.stringify(value));
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Which of the browser's storages: localStorage outlives the tab, sessionStorage does not. */
export type StorageArea = 'local' | 'session';

// Storage can throw (disabled cookies, private mode quotas); the app then works for this visit only.
export function storageArea(area: StorageArea = 'local'): Storage | null {
  try {
    return (area === 'local' ? globalThis.localStorage : globalThis.sessionStorage) ?? null;
  } catch {
    return null;
  }
}

export function readStorage(key: string, area: StorageArea = 'local'): string | null {
  try {
    return storageArea(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes `raw` under `key`, or removes the key for null. */
export function writeStorage(key: string, raw: string | null, area: StorageArea = 'local'): void {
  try {
    if (raw === null) storageArea(area)?.removeItem(key);
    else storageArea(area)?.setItem(key, raw);
  } catch {
    // Keep the in-memory value; persistence is best effort.
  }
}

/** Narrowing helpers for `parse` functions. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
