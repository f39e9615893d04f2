import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /auth/network: social-login return screen (accounts work item). */
export function AuthNetworkPage() {
  return (
    <PagePlaceholder emoji="🔐" title="Signing you in…">
      <p>We are finishing your sign-in with your social network account.</p>
    </PagePlaceholder>
  );
}
