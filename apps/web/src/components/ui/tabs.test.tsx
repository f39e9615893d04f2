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
