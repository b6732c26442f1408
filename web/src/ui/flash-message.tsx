import { useEffect } from 'react';
import { flashStore, useFlash } from '../lib/flash';
import './flash-message.css';

/**
 * The message the last step left for this page ("Welcome, Sana: your account is created"), announced
 * politely; it goes when she closes it or moves to another page.
 */
export function FlashMessage({ pathname }: { pathname: string }) {
  const flash = useFlash();
  const here = flash !== null && flash.path === pathname;
  useEffect(() => {
    if (flash && !here) flashStore.set(null);
  }, [flash, here]);
  if (!here) return null;
  return (
    <div className="flash-message container" role="status">
      <p>{flash.text}</p>
      <button type="button" className="button button--ghost" onClick={() => flashStore.set(null)}>
        Close
      </button>
    </div>
  );
}
