import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useLogout } from '@/features/auth/hooks/useLogout';

interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Spec 2.3: logout asks first, because unsaved changes are lost. */
export function LogoutDialog({ open, onClose }: LogoutDialogProps) {
  const logout = useLogout();
  const [pending, setPending] = useState(false);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="logout-title" aria-describedby="logout-text">
      <DialogTitle id="logout-title">Logout?</DialogTitle>
      <DialogContent>
        <DialogContentText id="logout-text">Are you sure you want to log out?</DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>Any unsaved changes you have made will be lost!</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          loading={pending}
          onClick={() => {
            setPending(true);
            void logout();
          }}
        >
          Logout
        </Button>
      </DialogActions>
    </Dialog>
  );
}
