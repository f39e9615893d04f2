import { Link } from 'react-router';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300';

/** /auth (index) and /auth/login: the login page (accounts work item). */
export function LoginPage() {
  return (
    <PagePlaceholder emoji="👋" title="Welcome back">
      <p>Log in with your email and password, or with Google or GitHub.</p>
      <p className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2">
        <Link to="/auth/recovery" className={linkClass}>
          forgot password?
        </Link>
        <Link to="/auth/register" className={linkClass}>
          sign up
        </Link>
      </p>
    </PagePlaceholder>
  );
}
