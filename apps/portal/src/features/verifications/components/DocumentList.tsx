import { Alert, Box, Button, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { downloadDocument, saveFile, type DownloadedFile } from '@/features/verifications/api/downloads';
import type { VerificationDocument } from '@/features/verifications/api/verifications';

/**
 * A verification's documents or output documents, each downloadable (2.9). Nothing is shown when there are none.
 * `fetchDocument` replaces the signed-in download (the public resolve page reads through its link's key).
 * `inline` shows each document in the page as well (2.9: an identity partner's output documents are displayed
 * inline).
 */
export function DocumentList({
  verificationId,
  title,
  documents,
  fetchDocument,
  inline = false,
}: {
  verificationId: string;
  title: string;
  documents: readonly VerificationDocument[];
  fetchDocument?: (d: VerificationDocument) => Promise<DownloadedFile>;
  inline?: boolean;
}) {
  const fetchOne = (d: VerificationDocument) =>
    fetchDocument ? fetchDocument(d) : downloadDocument(verificationId, d.id, d.filename);
  const download = useMutation({ mutationFn: fetchOne, onSuccess: saveFile });
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
      {inline && documents.map((d) => <InlineDocument key={d.id} document={d} fetchOne={fetchOne} />)}
    </Box>
  );
}

/** One document shown in the page (the browser's own PDF viewer), read once through the signed-in download. */
function InlineDocument({
  document,
  fetchOne,
}: {
  document: VerificationDocument;
  fetchOne: (d: VerificationDocument) => Promise<DownloadedFile>;
}) {
  const file = useQuery({
    queryKey: ['verification', 'document', document.verificationId, document.id],
    queryFn: () => fetchOne(document),
    staleTime: Infinity,
  });
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data.blob) : null), [file.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (file.isError) return <Alert severity="error">{file.error.message}</Alert>;
  if (!url) return null;
  return (
    <Box
      component="iframe"
      src={url}
      title={document.name}
      sx={{
        display: 'block',
        width: '100%',
        height: { xs: 360, md: 520 },
        mt: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    />
  );
}
