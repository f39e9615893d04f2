import { msg, ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { toast } from 'react-toastify';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useSendDirectMessage } from '../api/send-direct-message.ts';
import { MessageComposer } from './message-composer.tsx';
import { sendErrorText } from './messages-tab.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';

export const MESSAGE_SENT_TEXT = msg`Message sent`;

interface Recipient {
  _id: string;
  name: string;
  lastName: string;
}

interface WriteMessageModalProps {
  recipient: Recipient | null;
  onClose: () => void;
}

/** The crew tab's write-message modal (PROFILE-11): text area, emoji picker and send. */
export function WriteMessageModal({ recipient, onClose }: WriteMessageModalProps) {
  const { t } = useLingui();
  const send = useSendDirectMessage();
  const name = recipient ? `${recipient.name} ${recipient.lastName}`.trim() : '';

  const onSend = async (text: string) => {
    if (!recipient) return;
    try {
      await send.mutateAsync({ userId: recipient._id, text });
    } catch (error) {
      toast.error(sendErrorText(error), { toastId: 'direct-message-error' });
      throw error;
    }
    toast.success(i18n._(MESSAGE_SENT_TEXT), { toastId: 'direct-message-sent' });
    onClose();
  };

  return (
    <Dialog open={recipient !== null} onClose={onClose} title={t`Message to ${name}`} size="md">
      <MessageComposer
        onSend={onSend}
        pickerPlacement="inline"
        autoFocus
        placeholder={t`Write to ${ph({ name: recipient?.name ?? '' })}…`}
      />
    </Dialog>
  );
}
