import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearStorage,
  readItem,
  readJson,
  removeItem,
  storageKeys,
  writeItem,
  writeJson,
} from './storage.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('safe storage', () => {
  it('reads, writes, lists and removes items in both storages', () => {
    expect(writeItem('local', 'a', '1')).toBe(true);
    expect(writeJson('session', 'b', { x: [1] })).toBe(true);
    expect(readItem('local', 'a')).toBe('1');
    expect(readJson('session', 'b')).toEqual({ x: [1] });
    expect(storageKeys('session')).toEqual(['b']);
    removeItem('local', 'a');
    expect(readItem('local', 'a')).toBeNull();
    clearStorage('session');
    expect(sessionStorage.length).toBe(0);
  });

  it('returns undefined for missing or corrupt JSON', () => {
    localStorage.setItem('bad', '{oops');
    expect(readJson('local', 'bad')).toBeUndefined();
    expect(readJson('local', 'missing')).toBeUndefined();
  });

  it('never throws when the storage refuses (quota, private mode)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(writeItem('local', 'a', '1')).toBe(false);
    expect(writeJson('session', 'a', 1)).toBe(false);
    expect(readItem('local', 'a')).toBeNull();
    expect(readJson('session', 'a')).toBeUndefined();
  });
});
