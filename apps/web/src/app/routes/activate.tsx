import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /auth/activate: account activation with ?token= (accounts work item). */
export function ActivatePage() {
  return (
    <PagePlaceholder emoji="✨" title="Activating your account">
      <p>Hold tight while we activate your account and sign you in.</p>
    </PagePlaceholder>
  );
}
