import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /auth/confirm: email confirmation with ?email= prefill (accounts work item). */
export function ConfirmEmailPage() {
  return (
    <PagePlaceholder emoji="📬" title="Confirm your email">
      <p>Enter the code we sent to your email address to activate your account.</p>
    </PagePlaceholder>
  );
}
