/** What the product form hands the dashboard when it returns there: the product it saved. */
export interface SavedProduct {
  id: string;
  name: string;
  created: boolean;
}

// Carried in the history entry of the dashboard it returns to, not in the URL: a shared link or
// another tab never shows it, while that entry (Back to it, a reload) still tells what happened there.
declare module '@tanstack/history' {
  interface HistoryState {
    savedProduct?: SavedProduct;
  }
}
