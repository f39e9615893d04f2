/**
 * index.html paints a stand-in for the header (#boot-shell) before any script has run, so a
 * phone shows the app at once (PERF-07: first contentful paint). The root layout removes it once
 * the real header is on screen.
 */
export const BOOT_SHELL_ID = 'boot-shell';

export function removeBootShell(doc: Document = document): void {
  doc.getElementById(BOOT_SHELL_ID)?.remove();
}
