import SmartDisplayOutlined from '@mui/icons-material/SmartDisplayOutlined';
import type { MouseEvent } from 'react';
import { Button, LinkBase, useCreatePath, useRecordContext } from 'react-admin';

/**
 * Opens the replay of the session the error happened in (its debug recording's page), when the portal recorded it
 * and the recording has arrived: the report can come before the recording's first chunk, or without one.
 */
export function ReplayButton({ label = 'Replay' }: { label?: string }) {
  const r = useRecordContext();
  const createPath = useCreatePath();
  if (!r?.hasRecording || !r.recordingId) return null;
  return (
    <Button
      component={LinkBase}
      label={label}
      to={createPath({ resource: 'debug-recordings', id: String(r.recordingId), type: 'show' })}
      // In a list row: open the replay, not the report the row opens to.
      onClick={(e: MouseEvent) => e.stopPropagation()}
    >
      <SmartDisplayOutlined />
    </Button>
  );
}
