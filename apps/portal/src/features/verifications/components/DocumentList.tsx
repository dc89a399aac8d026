import { Alert, Box, Button, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { useMutation } from '@tanstack/react-query';
import { downloadDocument, saveFile, type DownloadedFile } from '@/features/verifications/api/downloads';
import type { VerificationDocument } from '@/features/verifications/api/verifications';

/**
 * A verification's documents or output documents, each downloadable (2.9). Nothing is shown when there are none.
 * `fetchDocument` replaces the signed-in download (the public resolve page reads through its link's key).
 */
export function DocumentList({
  verificationId,
  title,
  documents,
  fetchDocument,
}: {
  verificationId: string;
  title: string;
  documents: readonly VerificationDocument[];
  fetchDocument?: (d: VerificationDocument) => Promise<DownloadedFile>;
}) {
  const download = useMutation({
    mutationFn: (d: VerificationDocument) =>
      fetchDocument ? fetchDocument(d) : downloadDocument(verificationId, d.id, d.filename),
    onSuccess: saveFile,
  });
  if (documents.length === 0) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <List dense disablePadding>
        {documents.map((d) => (
          <ListItem
            key={d.id}
            disableGutters
            secondaryAction={
              <Button size="small" onClick={() => download.mutate(d)} aria-label={`Download ${d.name}`}>
                Download
              </Button>
            }
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <PictureAsPdf color="error" />
            </ListItemIcon>
            <ListItemText primary={d.name} secondary={d.filename} sx={{ pr: 10, overflowWrap: 'anywhere' }} />
          </ListItem>
        ))}
      </List>
      {download.isError && <Alert severity="error">{download.error.message}</Alert>}
    </Box>
  );
}
