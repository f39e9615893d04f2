import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AccountDeletionSection } from '../../modules/account/components/account-deletion-section.tsx';
import { resetSession } from '../store/session.ts';
import { useAppDispatch } from '../store/store.ts';

/**
 * The account page's deletion section, wired to the app: once the account is gone the session
 * ends here (the logout's reset; the server has ended every session already) and the user lands
 * on the home page with a toast.
 */
export function AccountDeletionPart() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onDeleted = (message: string) => {
    dispatch(resetSession());
    queryClient.clear();
    void navigate('/', { replace: true });
    toast.success(message, { toastId: 'account-deleted' });
  };
  return <AccountDeletionSection onDeleted={onDeleted} />;
}
