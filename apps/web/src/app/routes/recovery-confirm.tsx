import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /auth/recovery-confirm: reset password with ?email= (accounts work item). */
export function RecoveryConfirmPage() {
  return (
    <PagePlaceholder emoji="🔑" title="Set a new password">
      <p>Enter the code from the email and choose a new password.</p>
    </PagePlaceholder>
  );
}
