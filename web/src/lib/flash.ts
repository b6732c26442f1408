import { useSyncExternalStore } from 'react';

/** A message for the page the app is going to: shown there, gone once she moves on. */
export interface Flash {
  text: string;
  /** The path the message belongs to. */
  path: string;
}

const listeners = new Set<() => void>();
let current: Flash | null = null;

/** One message at a time, kept in memory only: a reload has nothing to say. */
export const flashStore = {
  get: (): Flash | null => current,
  set(next: Flash | null) {
    current = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useFlash = (): Flash | null =>
  useSyncExternalStore(flashStore.subscribe, flashStore.get, flashStore.get);
