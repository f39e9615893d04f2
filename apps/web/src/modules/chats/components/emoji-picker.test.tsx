import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EmojiPicker,
  insertAtSelection,
  MESSAGES_PICKER_PRESET,
  TRIP_CREW_PICKER_PRESET,
} from './emoji-picker.tsx';

/** Counts how often each module was loaded and records the Picker's props. */
const loads = vi.hoisted(() => ({
  emojiMart: 0,
  data: 0,
  pickers: [] as Record<string, unknown>[],
  DATA: { categories: [], emojis: {}, aliases: {}, sheet: { cols: 1, rows: 1 } },
}));

vi.mock('emoji-mart', () => {
  loads.emojiMart += 1;
  class Picker {
    constructor(props: Record<string, unknown>) {
      loads.pickers.push(props);
      const element = document.createElement('div');
      element.dataset.testid = 'em-emoji-picker';
      const button = document.createElement('button');
      button.textContent = '😀';
      button.addEventListener('click', () => {
        (props.onEmojiSelect as (emoji: { native: string }) => void)({ native: '😀' });
      });
      element.append(button);
      return element as unknown as Picker;
    }
  }
  return { Picker };
});

vi.mock('@emoji-mart/data', () => {
  loads.data += 1;
  return { default: loads.DATA };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EmojiPicker', () => {
  it('[MSG-10] loads emoji-mart and its bundled data only when opened, with no network request; messages picker: 7 per line, 1 frequent row', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    vi.stubGlobal('fetch', fetch);
    const onSelect = vi.fn();
    const user = userEvent.setup();
    render(<EmojiPicker onSelect={onSelect} />);
    await act(async () => Promise.resolve());
    expect(loads.emojiMart).toBe(0);
    expect(loads.data).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Add emoji' }));
    const picker = await screen.findByTestId('em-emoji-picker');
    expect(loads.emojiMart).toBe(1);
    expect(loads.data).toBe(1);
    const props = loads.pickers.at(-1);
    expect(props?.data).toBe(loads.DATA); // data passed explicitly: emoji-mart never fetches it
    expect(props?.locale).toBe('en'); // bundled translations
    expect(props?.set).toBe('native');
    expect(props?.perLine).toBe(7);
    expect(props?.maxFrequentRows).toBe(1);
    expect(MESSAGES_PICKER_PRESET).toMatchObject({ perLine: 7, maxFrequentRows: 1 });

    await user.click(picker.querySelector('button') as HTMLButtonElement);
    expect(onSelect).toHaveBeenCalledWith('😀');
    expect(fetch).not.toHaveBeenCalled();

    // Escape closes it; reopening reuses the loaded modules.
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('em-emoji-picker')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add emoji' }));
    await screen.findByTestId('em-emoji-picker');
    expect(loads.emojiMart).toBe(1);
    expect(loads.data).toBe(1);
  });

  it('[MSG-10] the trip/crew preset: 9 per line, 4 frequent rows, 90 search results, skin tones 1 to 6', async () => {
    expect(TRIP_CREW_PICKER_PRESET).toEqual({
      perLine: 9,
      maxFrequentRows: 4,
      maxSearchResults: 90,
      skinTones: [1, 2, 3, 4, 5, 6],
    });
    const user = userEvent.setup();
    render(<EmojiPicker onSelect={() => undefined} preset={TRIP_CREW_PICKER_PRESET} />);
    await user.click(screen.getByRole('button', { name: 'Add emoji' }));
    await screen.findByTestId('em-emoji-picker');
    const props = loads.pickers.at(-1);
    expect(props?.perLine).toBe(9);
    expect(props?.maxFrequentRows).toBe(4);
    expect(props?.skin).toBe(1);
    expect(props?.skinTonePosition).not.toBe('none');
  });

  it('inserts an emoji at the caret', () => {
    expect(insertAtSelection('hello world', '👋', { start: 5, end: 5 })).toEqual({
      text: 'hello👋 world',
      caret: 7,
    });
    expect(insertAtSelection('abc', '🙂', null)).toEqual({ text: 'abc🙂', caret: 5 });
    expect(insertAtSelection('abcdef', '🙂', { start: 1, end: 3 }).text).toBe('a🙂def');
  });
});
