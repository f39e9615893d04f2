import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

/** /auth/register: registration (accounts work item). */
export function RegisterPage() {
  return (
    <PagePlaceholder emoji="🎒" title="Create your account">
      <p>Sign up to plan trips with your crew. Registration opens here very soon.</p>
    </PagePlaceholder>
  );
}
