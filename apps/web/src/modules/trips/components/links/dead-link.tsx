import { Link2Off } from 'lucide-react';
import type { ReactNode } from 'react';
import { MessageScreen } from '../../../../components/ui/message-screen.tsx';

/** A link that no longer works (revoked, expired, used up, unknown, turned off). */
export function DeadLink({ title, children }: { title: string; children: ReactNode }) {
  return (
    <MessageScreen
      titleId="dead-link-title"
      title={title}
      role="alert"
      icon={<Link2Off aria-hidden="true" className="size-12 text-brand-600" />}
    >
      {children}
    </MessageScreen>
  );
}
