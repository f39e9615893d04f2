import type { TripMember } from '@tripcrew/contracts/trips';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PackingAssigneeSelect } from './packing-assignee-select.tsx';

const member = (id: string, name: string, role: TripMember['role']): TripMember => ({
  _id: id,
  name,
  lastName: 'Crew',
  image: { thumbnail: null },
  role,
});

const MEMBERS = [
  member('u-1', 'Ada', 'admin'),
  member('u-2', 'Ben', 'member'),
  member('u-3', 'Vic', 'viewer'),
];

describe('PackingAssigneeSelect', () => {
  it('[PACKING-32] offers anyone and the travelling members, not a viewer; a viewer chosen before stays shown', () => {
    const { rerender } = render(
      <PackingAssigneeSelect
        members={MEMBERS}
        value={null}
        onChange={() => undefined}
        label="Who brings it"
      />,
    );
    const options = () => screen.getAllByRole('option').map((option) => option.textContent);
    expect(options()).toEqual(['Anyone', 'Ada Crew', 'Ben Crew']);
    rerender(
      <PackingAssigneeSelect
        members={MEMBERS}
        value="u-3"
        onChange={() => undefined}
        label="Who brings it"
      />,
    );
    expect(options()).toEqual(['Anyone', 'Ada Crew', 'Ben Crew', 'Vic Crew']);
    expect((screen.getByRole('combobox', { name: 'Who brings it' }) as HTMLSelectElement).value).toBe('u-3');
  });
});
