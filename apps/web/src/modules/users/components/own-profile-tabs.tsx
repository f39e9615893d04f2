import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Tabs } from '../../../components/ui/tabs.tsx';

export const COMING_SOON = 'Coming soon';

export type ProfileTab = 'crew' | 'messages' | 'vacant' | 'calendar';

const TABS = [
  { id: 'crew', label: 'crew' },
  { id: 'messages', label: 'messages' },
  { id: 'vacant', label: 'vacant', disabled: true, hint: COMING_SOON },
  { id: 'calendar', label: 'calendar', disabled: true, hint: COMING_SOON },
] as const;

interface OwnProfileTabsProps {
  /** Panels of the active tabs (SPEC §2: crew and messages). */
  panels: Record<'crew' | 'messages', ReactNode>;
  /** The tab shown first (e.g. messages for a ?chat= deep link). */
  initialTab?: 'crew' | 'messages';
}

/** The own profile's tabs: crew and messages active; vacant and calendar disabled, 'Coming soon'. */
export function OwnProfileTabs({ panels, initialTab = 'crew' }: OwnProfileTabsProps) {
  const { t } = useLingui();
  const [tab, setTab] = useState<ProfileTab>(initialTab);
  return (
    <Tabs tabs={TABS} value={tab} onChange={setTab} label={t`Your profile`}>
      {tab === 'messages' ? panels.messages : panels.crew}
    </Tabs>
  );
}
