import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /auth/recovery: forgot password (accounts work item). */
export function RecoveryPage() {
  return (
    <PagePlaceholder emoji="🗝️" title="Forgot your password?">
      <p>We will send you an email with a code to set a new password.</p>
    </PagePlaceholder>
  );
}
