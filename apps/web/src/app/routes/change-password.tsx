import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /change-password: linked from the login page when signed in (content not specified). Protected. */
export function ChangePasswordPage() {
  return (
    <PagePlaceholder emoji="🔒" title="Change password">
      <p>Changing your password from here is coming soon.</p>
    </PagePlaceholder>
  );
}
