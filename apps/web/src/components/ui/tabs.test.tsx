import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs.tsx';

const TABS = [
  { id: 'crew', label: 'crew' },
  { id: 'messages', label: 'messages' },
  { id: 'vacant', label: 'vacant', disabled: true, hint: 'Coming soon' },
] as const;

function Harness() {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('crew');
  return (
    <Tabs tabs={TABS} value={tab} onChange={setTab} label="Profile">
      <p>panel {tab}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('switches panels by click and arrow keys and skips disabled tabs', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('tab', { name: 'crew' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel crew');

    await user.click(screen.getByRole('tab', { name: 'messages' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('panel messages');

    const vacant = screen.getByRole('tab', { name: /vacant/ });
    expect((vacant as HTMLButtonElement).disabled).toBe(true);
    expect(vacant.getAttribute('title')).toBe('Coming soon');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel crew');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'crew' }));
  });
});

describe('Tabs with ids that hold spaces', () => {
  it('[PERF-09] arrow keys move from the focused tab while the selected one has not caught up yet (a panel still loading)', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const three = [
      { id: 'a', label: 'a' },
      { id: 'b', label: 'b' },
      { id: 'c', label: 'c' },
    ] as const;
    // The selection never follows: as while the next panel loads in a transition.
    render(
      <Tabs tabs={three} value="c" onChange={(id) => asked.push(id)} label="Lagging">
        <p>panel</p>
      </Tabs>,
    );
    await user.click(screen.getByRole('tab', { name: 'c' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(asked.slice(-2)).toEqual(['b', 'a']);
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'a' }));
  });

  it('names the panel after its tab even when the tab id has spaces (a wishlist called "Summer 2027")', () => {
    const lists = [
      { id: 'Summer 2027', label: 'Summer 2027' },
      { id: 'Rainy days', label: 'Rainy days' },
    ] as const;
    render(
      <Tabs tabs={lists} value="Rainy days" onChange={() => {}} label="Lists">
        <p>rainy</p>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel', { name: 'Rainy days' }).textContent).toBe('rainy');
    for (const tab of screen.getAllByRole('tab')) expect(tab.id).not.toMatch(/\s/);
  });
});
