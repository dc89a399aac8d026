import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMemo, useState } from 'react';
import type { VerificationRow } from '@/features/verifications/api/verifications';
import {
  acknowledgedInstitutes,
  acknowledgeInstitutes,
  checkPendingFlag,
  PENDING_MODAL_TEXT,
  pendingInstitutes,
} from '@/features/pending/pendingCheck';

interface Props {
  /** The history's loaded rows (undefined while the first page loads). */
  rows: readonly VerificationRow[] | undefined;
  /** The history's Result filter: the check-pending flag is read from it. */
  results: readonly string[];
}

/**
 * The pending-verifications modal (verifications 2.15): when the check-pending flag is set and the loaded history
 * has PENDING verifications at institutes not acknowledged yet, 'Pending Verifications' names them with the
 * reassurance, until 'I Understand'.
 */
export function PendingVerificationsModal({ rows, results }: Props) {
  const [closed, setClosed] = useState(false);
  const institutes = useMemo(() => {
    if (!rows || !checkPendingFlag(results)) return [];
    const seen = new Set(acknowledgedInstitutes());
    const all = pendingInstitutes(rows);
    return all.some((name) => !seen.has(name)) ? all : [];
  }, [rows, results]);
  const open = !closed && institutes.length > 0;
  const acknowledge = () => {
    acknowledgeInstitutes(institutes);
    setClosed(true);
  };
  return (
    <Dialog
      open={open}
      onClose={acknowledge}
      aria-labelledby="pending-modal-title"
      aria-describedby="pending-modal-body"
    >
      <DialogTitle id="pending-modal-title">{PENDING_MODAL_TEXT.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="pending-modal-body" sx={{ mb: 1.5 }}>
          {PENDING_MODAL_TEXT.body(institutes)}
        </DialogContentText>
        <DialogContentText>{PENDING_MODAL_TEXT.reassurance}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={acknowledge} autoFocus>
          {PENDING_MODAL_TEXT.acknowledge}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
