import { describe, expect, it } from 'vitest';
import { BOOT_SHELL_ID, removeBootShell } from './boot-shell.ts';

describe('boot shell', () => {
  it('[PERF-07] removes the stand-in header of index.html, and is harmless when it is gone', () => {
    const standIn = document.createElement('div');
    standIn.id = BOOT_SHELL_ID;
    document.body.append(standIn);
    removeBootShell();
    expect(document.getElementById(BOOT_SHELL_ID)).toBeNull();
    expect(() => removeBootShell()).not.toThrow();
  });
});
