import type { ActivateUserResponse } from '@tripcrew/contracts/auth';
import { useEffect } from 'react';
import { EmojiLoader } from '../../../components/ui/emoji-loader.tsx';
import { activateUser } from '../api/activate-user.ts';

interface TokenActivationProps {
  token: string;
  /** Stores the tokens, loads the user and moves on (or asks for the second factor). */
  onActivated: (answer: ActivateUserResponse) => Promise<void>;
  /** Where to go when the activation fails (SPEC §8: logged, then /auth). */
  onFailed: (error: unknown) => void;
  label: string;
}

/**
 * Exchanges a one-time token (activation link or social-login return) for a session through
 * POST /auth/networks/activate-user, showing a loader meanwhile.
 */
export function TokenActivation({ token, onActivated, onFailed, label }: TokenActivationProps) {
  useEffect(() => {
    let current = true;
    activateUser(token)
      .then(async (tokens) => {
        if (!current) return;
        await onActivated(tokens);
      })
      .catch((error: unknown) => {
        if (current) onFailed(error);
      });
    return () => {
      current = false;
    };
  }, [token, onActivated, onFailed]);

  return <EmojiLoader label={label} showLabel size="lg" className="py-6" />;
}
