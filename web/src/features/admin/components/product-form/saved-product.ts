/** What the product form hands the dashboard when it returns there: the product it saved. */
export interface SavedProduct {
  id: string;
  name: string;
  created: boolean;
}

// Carried in the history entry of the dashboard it returns to, so a reload or another tab does not
// repeat it, and Back to that entry still tells what happened there.
declare module '@tanstack/history' {
  interface HistoryState {
    savedProduct?: SavedProduct;
  }
}
