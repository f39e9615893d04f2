import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { Menu } from './menu.tsx';

it('[PERF-09] a click on the trigger toggles the menu; a press elsewhere or a pick closes it', async () => {
  const user = userEvent.setup();
  const pick = vi.fn();
  render(
    <div>
      <button type="button">elsewhere</button>
      <Menu
        trigger={
          <button type="button" aria-label="Move X">
            m
          </button>
        }
        entries={[{ key: 'a', label: 'To A', onSelect: pick }]}
      />
    </div>,
  );
  const trigger = screen.getByRole('button', { name: 'Move X' });
  await user.click(trigger);
  expect(screen.getByRole('menu', { name: 'Move X' })).toBeTruthy();
  await user.click(trigger);
  expect(screen.queryByRole('menu')).toBeNull();
  await user.click(trigger);
  await user.click(screen.getByRole('button', { name: 'elsewhere' }));
  expect(screen.queryByRole('menu')).toBeNull();
  await user.click(trigger);
  await user.click(screen.getByRole('menuitem', { name: 'To A' }));
  expect(pick).toHaveBeenCalledOnce();
  expect(screen.queryByRole('menu')).toBeNull();
});
