import { useCallback, useEffect, useState } from 'react';

/**
 * Copies a text to the clipboard: `copied` is true for two seconds after it worked, `failed` when
 * the browser refused (then the caller tells the user to copy by hand).
 */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = useCallback(async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
      setFailed(false);
      setCopied(true);
      return true;
    } catch {
      setFailed(true);
      return false;
    }
  }, []);
  return { copied, failed, copy };
}
