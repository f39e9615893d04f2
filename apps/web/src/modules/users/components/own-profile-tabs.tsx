import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';

export const COMING_SOON = msg`Coming soon`;

export type ProfileTab = 'crew' | 'messages' | 'vacant' | 'calendar';

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
  const comingSoon = i18n._(COMING_SOON);
  const tabs = [
    { id: 'crew', label: t`crew` },
    { id: 'messages', label: t`messages` },
    { id: 'vacant', label: t`vacant`, disabled: true, hint: comingSoon },
    { id: 'calendar', label: t`calendar`, disabled: true, hint: comingSoon },
  ] as const;
  return (
    <Tabs tabs={tabs} value={tab} onChange={setTab} label={t`Your profile`}>
      {tab === 'messages' ? panels.messages : panels.crew}
    </Tabs>
  );
}
