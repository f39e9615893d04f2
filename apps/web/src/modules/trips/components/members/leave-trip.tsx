import { Trans, useLingui } from '@lingui/react/macro';
import { DoorOpen } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { useLeaveTrip } from '../../api/trip-members.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { errorText } from './member-roles.ts';

/** Any member may leave (confirmed); the last admin is refused by the server with a 409 it explains. */
export function LeaveTrip({
  tripId,
  userId,
  tripName,
}: {
  tripId: string;
  userId: string;
  tripName: string;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const leave = useLeaveTrip(tripId, userId);
  const navigate = useNavigate();
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        onClick={() => {
          leave.reset();
          setOpen(true);
        }}
      >
        <DoorOpen aria-hidden="true" className="size-4" />
        <Trans>Leave this trip</Trans>
      </Button>
      <ConfirmDialog
        open={open}
        title={t`Leave this trip?`}
        confirmLabel={t`Leave trip`}
        busy={leave.isPending}
        error={leave.isError ? errorText(leave.error) : null}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          leave.mutate(undefined, { onSuccess: () => void navigate('/trips', { replace: true }) })
        }
      >
        <Trans>You will no longer see “{tripName}”. Someone in the trip can add you again.</Trans>
      </ConfirmDialog>
    </>
  );
}
